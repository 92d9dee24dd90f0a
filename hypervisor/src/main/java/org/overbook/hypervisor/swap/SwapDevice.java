package org.overbook.hypervisor.swap;

import java.util.PriorityQueue;
import org.overbook.hypervisor.resource.ResourceStats;

/**
 * The swap device as a queue: every tenant's swap-ins and every write-back of a dirty victim wait for it.
 *
 * <p>Design. A flash device keeps many requests in flight, and its throughput is bounded by an internal
 * bottleneck (the flash channels and controller) that serves them one after another; a request's latency
 * at queue depth 1 is the bottleneck's service plus a fixed pipeline delay. So the device is modelled as
 * (1) at most {@code queue-depth} requests inside it, further ones waiting in the host's queue; (2) a
 * FIFO bottleneck whose service time per 4 KiB page is one over the IOPS at depth (reads and writes
 * share it, each at its own rate); and (3) a fixed delay that makes up the rest of the QD1 latency. A
 * request of n contiguous pages (a readahead cluster) holds the bottleneck n times as long and pays
 * the delay once. Alone on the device a read takes exactly its QD1 latency; with the queue full the
 * device completes exactly its IOPS; in between, the wait before the bottleneck is that of an M/G/1
 * queue, which the tests check against Pollaczek–Khinchine. A disk, whose service time is its whole
 * latency, serves one request at a time.
 *
 * <p>Requests are booked as they are made, each at the time its caller reached (a vCPU's clock may run
 * ahead of the simulation's); the bottleneck serves them in booking order. The {@code ram} device (zram)
 * takes no device time at all.
 */
public final class SwapDevice {

    private final SwapDeviceConfig config;
    private final long readService;
    private final long writeService;
    private final PriorityQueue<Long> inDevice = new PriorityQueue<>();
    private final ResourceStats stats;
    private long bottleneckFree;
    private long pagesRead;
    private long pagesWritten;

    public SwapDevice(SwapDeviceConfig config) {
        this.config = config;
        this.readService = config.readServiceNanos();
        this.writeService = config.writeServiceNanos();
        this.stats = new ResourceStats("swap-device", 1);
    }

    public SwapDeviceConfig config() {
        return config;
    }

    /** Books a read of {@code pages} contiguous pages submitted at {@code at}; returns when it completes. */
    public long read(long at, int pages) {
        pagesRead += pages;
        return submit(at, pages, config.readLatencyNanos(), readService);
    }

    /** Books a write of {@code pages} contiguous pages submitted at {@code at}; returns when it completes. */
    public long write(long at, int pages) {
        pagesWritten += pages;
        return submit(at, pages, config.writeLatencyNanos(), writeService);
    }

    private long submit(long at, int pages, long latency, long servicePerPage) {
        if (pages <= 0) {
            throw new IllegalArgumentException("a swap request needs at least one page, not " + pages);
        }
        if (config.inMemory()) {
            stats.record(0, 0);
            return at;
        }
        long enter = at;
        while (!inDevice.isEmpty() && inDevice.peek() <= enter) {
            inDevice.poll();
        }
        if (inDevice.size() >= config.queueDepth()) {
            enter = inDevice.poll(); // the earliest request to leave frees its slot
        }
        long start = Math.max(enter, bottleneckFree);
        long service = pages * servicePerPage;
        bottleneckFree = start + service;
        long done = start + service + Math.max(0, latency - servicePerPage);
        inDevice.add(done);
        stats.record(start - at, service);
        return done;
    }

    /** Returns the device's accounting: bottleneck busy time, requests and their waits. */
    public ResourceStats stats() {
        return stats;
    }

    public long pagesRead() {
        return pagesRead;
    }

    public long pagesWritten() {
        return pagesWritten;
    }
}
