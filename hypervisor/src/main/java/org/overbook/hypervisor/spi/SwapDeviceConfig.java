package org.overbook.hypervisor.spi;

import org.overbook.guest.ConfigurationException;

/**
 * What the swap device can do: its latency at queue depth 1, its IOPS at depth, and its queue depth.
 * A kind ({@code host.swap-device.kind}, a {@link SwapDeviceModel} registered in {@link SwapDeviceModels};
 * the built-ins and their sources are in {@link org.overbook.hypervisor.swap.BuiltinSwapDevices}) gives every
 * value; a scenario may override any of them. A device with no IOPS either way is CPU-only, in host memory
 * (zram): it has no queue and takes no device time. The host serves every kind with one queueing model,
 * {@link org.overbook.hypervisor.swap.SwapDevice}.
 *
 * @param kind              the preset the values started from
 * @param readLatencyNanos  a 4 KiB read alone on the device (queue depth 1)
 * @param writeLatencyNanos a 4 KiB write alone on the device
 * @param readIops          4 KiB random reads per second with the queue full
 * @param writeIops         4 KiB random writes per second with the queue full
 * @param queueDepth        requests the device holds at once; more wait in the host's queue
 * @param seeks             a disk: one arm serves reads and writes one at a time (a single bottleneck), and a
 *                          request of contiguous pages seeks once, then transfers each further page in
 *                          {@code pageTransferNanos}; flash (false) has a bottleneck per direction and costs every
 *                          page a whole service time
 * @param pageTransferNanos on a disk, the media transfer of one further contiguous 4 KiB page; 0 on flash
 */
public record SwapDeviceConfig(String kind, long readLatencyNanos, long writeLatencyNanos, long readIops,
                               long writeIops, int queueDepth, boolean seeks, long pageTransferNanos) {

    /** A flash (or in-memory) device: a bottleneck per direction, every page a whole service time. */
    public SwapDeviceConfig(String kind, long readLatencyNanos, long writeLatencyNanos, long readIops, long writeIops,
                            int queueDepth) {
        this(kind, readLatencyNanos, writeLatencyNanos, readIops, writeIops, queueDepth, false, 0);
    }

    /** The default device: NVMe flash, Intel SSD DC P4500 (see {@link org.overbook.hypervisor.swap.BuiltinSwapDevices}). */
    public static final SwapDeviceConfig NVME = new SwapDeviceConfig("nvme", 85_000, 20_000, 490_000, 38_000, 128);

    /** Returns the default device, {@code nvme}. */
    public static SwapDeviceConfig defaults() {
        return NVME;
    }

    /** Returns whether this is a CPU-only device in host memory (no IOPS either way, as {@code ram}): it has no queue. */
    public boolean inMemory() {
        return readIops == 0 && writeIops == 0;
    }

    /**
     * Checks the values; {@code field} is the scenario path of the device.
     *
     * @throws ConfigurationException naming the field at fault
     */
    public void validate(String field) {
        if (inMemory()) {
            return;
        }
        requirePositive(field + ".read-iops", readIops);
        requirePositive(field + ".write-iops", writeIops);
        requirePositive(field + ".queue-depth", queueDepth);
        if (readLatencyNanos < 0) {
            throw new ConfigurationException(field + ".read-latency", readLatencyNanos + " ns is negative");
        }
        if (writeLatencyNanos < 0) {
            throw new ConfigurationException(field + ".write-latency", writeLatencyNanos + " ns is negative");
        }
        if (pageTransferNanos < 0) {
            throw new ConfigurationException(field + ".page-transfer", pageTransferNanos + " ns is negative");
        }
        if (!seeks && pageTransferNanos != 0) {
            throw new ConfigurationException(field + ".page-transfer", "is for a device that seeks (a disk); this one "
                    + "does not (seeks: false), so every page costs a whole service time; accepted: page-transfer with "
                    + "seeks: true");
        }
    }

    /** Returns the time the device's bottleneck is busy with one 4 KiB read: one over the read IOPS. */
    public long readServiceNanos() {
        return inMemory() ? 0 : Math.ceilDiv(1_000_000_000L, readIops);
    }

    /** Returns the time the device's bottleneck is busy with one 4 KiB write. */
    public long writeServiceNanos() {
        return inMemory() ? 0 : Math.ceilDiv(1_000_000_000L, writeIops);
    }

    private static void requirePositive(String field, long value) {
        if (value <= 0) {
            throw new ConfigurationException(field, value + " must be positive");
        }
    }
}
