package org.overbook.hypervisor.swap;

import java.util.PriorityQueue;
import org.overbook.hypervisor.resource.BusyTimeline;
import org.overbook.hypervisor.resource.ResourceStats;
import org.overbook.hypervisor.spi.SwapDeviceConfig;

/**
 * The swap device as a queue: every tenant's swap-ins and every write-back of a dirty victim wait for it.
 *
 * <p>Design. A flash device keeps many requests in flight, and its throughput is bounded by an internal
 * bottleneck (the flash channels and controller) that serves them one after another; a request's latency
 * at queue depth 1 is the bottleneck's service plus a fixed pipeline delay. So the device is modelled as
 * (1) at most {@code queue-depth} requests inside it, further ones waiting in the host's queue; (2) a
 * FIFO bottleneck whose service time per 4 KiB page is one over the IOPS at depth; and (3) the QD1
 * latency from the start of a request's last page on the bottleneck. Where the QD1 latency is shorter
 * than the bottleneck's service (an NVMe write lands in the device's cache in 20 µs, yet the flash
 * sustains only 38k writes a second), a lone request still completes in its QD1 latency while the
 * bottleneck stays busy its full service time. Reads and writes have a bottleneck each, at their own IOPS:
 * an NVMe host submits them on different queues (the faulting CPU's, kswapd's) that the controller
 * arbitrates round-robin, and flash serves reads on its channels while programs proceed, so a burst of
 * write-back delays later writes, not the swap-ins behind it; the interference of programs with reads
 * inside the flash is left out. A request of n contiguous pages (a readahead cluster) holds its
 * bottleneck n times as long and pays the delay once. Alone on the device a read takes exactly its QD1
 * latency; with the queue full the device completes exactly its IOPS; in between, the wait before the
 * bottleneck is that of an M/G/1 queue, which the tests check against Pollaczek–Khinchine.
 *
 * <p>A disk ({@link SwapDeviceConfig#seeks()}) has one arm: reads and writes share a single bottleneck, whose
 * service for a request is its whole latency (a seek and half a turn), so the disk serves one request at a
 * time; a request of n contiguous pages seeks once and then transfers each further page at the media rate
 * ({@link SwapDeviceConfig#pageTransferNanos()}), as a readahead or a clustered write-back does on a real disk.
 *
 * <p>Requests are booked as they are made, each at the time its caller reached (a vCPU's clock may run
 * ahead of the simulation's); each bottleneck serves a request in its first idle gap at or after the
 * request's time ({@link BusyTimeline}), which for requests made in time order is FIFO. The {@code ram} device (zram)
 * takes no device time at all.
 */
public final class SwapDevice {

    private final SwapDeviceConfig config;
    private final PriorityQueue<Long> inDevice = new PriorityQueue<>();
    private final Pipeline reads;
    private final Pipeline writes;
    /** A disk's arm, which serves both directions: every request's wait and service; null on flash. */
    private final ResourceStats arm;

    /** Returns an idle device that serves requests as {@code config} says. */
    public SwapDevice(SwapDeviceConfig config) {
        this.config = config;
        BusyTimeline readTimeline = new BusyTimeline();
        BusyTimeline writeTimeline = config.seeks() ? readTimeline : new BusyTimeline();
        this.arm = config.seeks() ? new ResourceStats("swap-device-arm", 1) : null;
        this.reads = new Pipeline("swap-device-read", config, config.readLatencyNanos(), config.readServiceNanos(),
                readTimeline, arm);
        this.writes = new Pipeline("swap-device-write", config, config.writeLatencyNanos(), config.writeServiceNanos(),
                writeTimeline, arm);
    }

    /** Returns what the device can do, as it was made with. */
    public SwapDeviceConfig config() {
        return config;
    }

    /** Books a read of {@code pages} contiguous pages submitted at {@code at}; returns when it completes. */
    public long read(long at, int pages) {
        return submit(reads, at, pages);
    }

    /** Books a write of {@code pages} contiguous pages submitted at {@code at}; returns when it completes. */
    public long write(long at, int pages) {
        return submit(writes, at, pages);
    }

    private long submit(Pipeline pipeline, long at, int pages) {
        if (pages <= 0) {
            throw new IllegalArgumentException("a swap request needs at least one page, not " + pages);
        }
        pipeline.pages += pages;
        if (config.inMemory()) {
            pipeline.stats.record(0, 0);
            return at;
        }
        long enter = at;
        while (!inDevice.isEmpty() && inDevice.peek() <= enter) {
            inDevice.poll();
        }
        if (inDevice.size() >= config.queueDepth()) {
            enter = inDevice.poll(); // the earliest request to leave frees its slot
        }
        long done = pipeline.serve(at, enter, pages);
        inDevice.add(done);
        return done;
    }

    /** Returns the read bottleneck's accounting: busy time, requests and their waits. */
    public ResourceStats readStats() {
        return reads.stats;
    }

    /** Returns the write bottleneck's accounting. */
    public ResourceStats writeStats() {
        return writes.stats;
    }

    /**
     * Returns a disk's arm's accounting: the one bottleneck that serves reads and writes, so its busy time is
     * theirs together (a disk whose writes keep the arm 92 % busy and reads 8 % is saturated, which neither
     * direction's figure says alone). Throws for a device that does not seek, whose directions do not share one.
     */
    public ResourceStats armStats() {
        if (arm == null) {
            throw new IllegalStateException("a " + (config.inMemory() ? "ram" : "flash")
                    + " swap device has no arm: its reads and writes have bottlenecks of their own");
        }
        return arm;
    }

    /** Returns when the write bottleneck has finished everything booked on it so far. */
    public long writesBookedUntil() {
        return writes.timeline.bookedUntil();
    }

    /** Forgets the bottlenecks' bookings that ended by {@code now}: no request comes before it any more. */
    public void forgetBefore(long now) {
        reads.timeline.forgetBefore(now);
        if (writes.timeline != reads.timeline) {
            writes.timeline.forgetBefore(now);
        }
    }

    /** Returns the pages read from the device so far. */
    public long pagesRead() {
        return reads.pages;
    }

    /** Returns the pages written to the device so far. */
    public long pagesWritten() {
        return writes.pages;
    }

    /** One direction: its bottleneck (a disk's two share one) and the fixed delay behind it. */
    private static final class Pipeline {
        private final SwapDeviceConfig config;
        private final long latency;
        private final long servicePerPage;
        private final ResourceStats stats;
        private final BusyTimeline timeline;
        private final ResourceStats shared;
        private long pages;

        Pipeline(String name, SwapDeviceConfig config, long latency, long servicePerPage, BusyTimeline timeline,
                 ResourceStats shared) {
            this.config = config;
            this.latency = latency;
            this.servicePerPage = servicePerPage;
            this.stats = new ResourceStats(name, 1);
            this.timeline = timeline;
            this.shared = shared;
        }

        /** Serves a request made at {@code at} that entered the device at {@code enter}; returns its completion. */
        long serve(long at, long enter, int count) {
            long further = furtherPagesNanos(count);
            long service = servicePerPage + further;
            long start = timeline.book(enter, service);
            stats.record(start - at, service);
            if (shared != null) {
                shared.record(start - at, service);
            }
            return start + further + latency;
        }

        /** Returns the time a request of {@code pages} contiguous pages holds the bottleneck beyond its first page's service. */
        private long furtherPagesNanos(int pages) {
            return (pages - 1) * (config.seeks() ? config.pageTransferNanos() : servicePerPage);
        }
    }
}
