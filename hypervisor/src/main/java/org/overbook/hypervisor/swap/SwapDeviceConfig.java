package org.overbook.hypervisor.swap;

import java.util.List;
import org.overbook.guest.ConfigurationException;

/**
 * What the swap device can do: its latency at queue depth 1, its IOPS at depth, and its queue depth.
 * A preset ({@code kind}) gives every value; a scenario may override any of them.
 *
 * <p>Presets and their sources:
 * <ul>
 *   <li>{@code nvme} (the default): 85 µs read, 20 µs write at QD1; 490k / 38k random 4 KiB IOPS
 *       (Intel SSD DC P4500 product brief).</li>
 *   <li>{@code optane}: 10 µs both ways; 550k / 500k IOPS (Intel Optane SSD DC P4800X product brief and
 *       reviews).</li>
 *   <li>{@code sata-ssd}: 110 µs read, 52 µs write; 72k / 33k IOPS (Intel SSD D3-S4510/S4500 specification).</li>
 *   <li>{@code hdd}: about 11.6 ms per random access (8.5 ms average seek plus half a turn at 7,200 rpm,
 *       WD Ultrastar HC310 datasheet), so about 86 IOPS.</li>
 *   <li>{@code ram}: a zram-like device in host memory: no device time at all; a swap costs only the
 *       kernel's CPU on the swap path.</li>
 * </ul>
 * The queue depth defaults to 128 on flash (the 4 workers × QD 32 at which datacenter SSD briefs quote
 * random IOPS) and 32 on the disk (SATA NCQ).
 *
 * @param kind              the preset the values started from
 * @param readLatencyNanos  a 4 KiB read alone on the device (queue depth 1)
 * @param writeLatencyNanos a 4 KiB write alone on the device
 * @param readIops          4 KiB random reads per second with the queue full
 * @param writeIops         4 KiB random writes per second with the queue full
 * @param queueDepth        requests the device holds at once; more wait in the host's queue
 */
public record SwapDeviceConfig(String kind, long readLatencyNanos, long writeLatencyNanos, long readIops,
                               long writeIops, int queueDepth) {

    /** The presets' names, in the order {@code overbook list} shows them. */
    public static final List<String> KINDS = List.of("nvme", "optane", "sata-ssd", "hdd", "ram");

    /** Returns the preset called {@code kind}; {@code field} names the scenario field in the error. */
    public static SwapDeviceConfig preset(String field, String kind) {
        return switch (kind) {
            case "nvme" -> new SwapDeviceConfig(kind, 85_000, 20_000, 490_000, 38_000, 128);
            case "optane" -> new SwapDeviceConfig(kind, 10_000, 10_000, 550_000, 500_000, 128);
            case "sata-ssd" -> new SwapDeviceConfig(kind, 110_000, 52_000, 72_000, 33_000, 32);
            case "hdd" -> new SwapDeviceConfig(kind, 11_600_000, 11_600_000, 86, 86, 32);
            case "ram" -> new SwapDeviceConfig(kind, 0, 0, 0, 0, 1);
            default -> throw new ConfigurationException(field, "unknown swap device '" + kind + "'; accepted: "
                    + String.join(", ", KINDS));
        };
    }

    /** Returns the default device, {@code nvme}. */
    public static SwapDeviceConfig defaults() {
        return preset("host.swap-device.kind", "nvme");
    }

    /** Returns whether this is the CPU-only {@code ram} device, which has no queue. */
    public boolean inMemory() {
        return kind.equals("ram");
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
