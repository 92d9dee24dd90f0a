package org.overbook.hypervisor.memory;

import org.overbook.hypervisor.HostResources;
import org.overbook.hypervisor.resource.BusyTimeline;
import org.overbook.hypervisor.resource.ResourceStats;
import org.overbook.hypervisor.sim.PhysicalCpus;
import org.overbook.hypervisor.sim.Simulation;
import org.overbook.hypervisor.swap.SwapDevice;

/**
 * What swapping takes in time, on the host's contended resources: a swap-in's trip through the kernel's
 * swap path and the swap device, and kswapd's reclaim work on the CPUs and its write-back through the
 * device.
 *
 * <p>Design. Host memory's state changes at once (a victim's bytes are in the swap store and its frame is
 * free the moment reclaim picks it); this class books the time that work takes and keeps the frames
 * whose work has not finished yet ({@link PendingFrees}). The kernel's swap path has a host-wide ceiling
 * (its swap-cache and swap-slot locks serialise it: 0.5–0.8 M pages/s on a whole host), modelled as a
 * server every swapped page passes once, each in the first idle gap at or after it comes
 * ({@link BusyTimeline}: callers' clocks reach different times in different orders); its per-fault CPU is charged by the faulting context.
 * kswapd is one host thread (Linux runs one per NUMA node): its runs follow one another, each run's CPU
 * (scanning and evicting) goes to the pCPUs as host work, and each dirty victim's write is booked on the
 * device when kswapd's run has finished. When kswapd cannot keep up, the frames it took wait for it,
 * and faulting contexts below the min watermark wait with them (direct reclaim).
 */
public final class SwapIo {

    private final Simulation simulation;
    private final PhysicalCpus cpus;
    private final SwapDevice device;
    private final HostResources resources;
    private final long pathNanosPerPage;
    private final ResourceStats pathStats = new ResourceStats("swap-path", 1);
    private final ResourceStats kswapdStats = new ResourceStats("kswapd", 1);
    private final PendingFrees pending = new PendingFrees();
    private final BusyTimeline path = new BusyTimeline();
    private long kswapdFree;
    private long directReclaims;
    private long directReclaimStallNanos;

    public SwapIo(Simulation simulation, PhysicalCpus cpus, SwapDevice device, HostResources resources) {
        this.simulation = simulation;
        this.cpus = cpus;
        this.device = device;
        this.resources = resources;
        this.pathNanosPerPage = resources.swapPathNanosPerPage();
    }

    public SwapDevice device() {
        return device;
    }

    public PhysicalCpus cpus() {
        return cpus;
    }

    public HostResources resources() {
        return resources;
    }

    /**
     * Books a swap-in of {@code pages} contiguous pages (a faulting page and its readahead) whose swap
     * path starts at {@code at}; returns when the pages are in. The caller charges the path's CPU.
     */
    public long swapIn(long at, int pages) {
        return device.read(throughPath(at, pages), pages);
    }

    private long throughPath(long at, int pages) {
        long now = simulation.now();
        path.forgetBefore(now);
        device.forgetBefore(now);
        long service = pages * pathNanosPerPage;
        long start = path.book(at, service);
        pathStats.record(start - at, service);
        return start + service;
    }

    /** kswapd has taken back {@code evicted} frames, {@code written} of them dirty, passing {@code scanned} frames. */
    void kswapdRan(long scanned, int evicted, int written) {
        if (evicted == 0 && scanned == 0) {
            return;
        }
        long now = simulation.now();
        long cpu = scanned * resources.reclaimScanNanos() + (long) evicted * resources.reclaimEvictNanos();
        long start = Math.max(now, kswapdFree); // one kswapd thread (per NUMA node): its runs follow one another
        long done = cpus.runHostWork(start, cpu);
        kswapdFree = done;
        kswapdStats.record(start - now, cpu);
        pending.addAfterCpu(done, evicted - written);
        for (int i = 0; i < written; i++) {
            pending.addAfterWrite(device.write(throughPath(done, 1), 1));
        }
    }

    /**
     * A faulting context at {@code at} found {@code freeFrames} free; returns when it may go on. If
     * reclaim work still pending would leave it at or below the {@code minWatermark}, it reclaims for
     * itself (Linux's direct reclaim) and waits until enough of that work has finished.
     */
    long directReclaimUntil(long at, int freeFrames, int minWatermark) {
        int pendingNow = pending.pendingAt(simulation.now(), at);
        if (freeFrames - pendingNow > minWatermark) {
            return at;
        }
        long until = pending.timeWhenPendingAtMost(at, Math.max(0, freeFrames - minWatermark - 1));
        directReclaims++;
        directReclaimStallNanos += until - at;
        return until;
    }

    /**
     * Returns whether write-back is congested now: the device's writes are booked further ahead than a full
     * queue of them takes (Linux's reclaim then rotates dirty pages instead of writing more, and throttles
     * on write-back).
     */
    boolean writebackCongested() {
        long queueOfWrites = (long) device.config().queueDepth() * device.config().writeServiceNanos();
        return device.writesBookedUntil() > simulation.now() + queueOfWrites;
    }

    /** Returns the swap path's accounting (its host-wide ceiling). */
    public ResourceStats pathStats() {
        return pathStats;
    }

    /** Returns kswapd's CPU accounting. */
    public ResourceStats kswapdStats() {
        return kswapdStats;
    }

    public long directReclaims() {
        return directReclaims;
    }

    public long directReclaimStallNanos() {
        return directReclaimStallNanos;
    }
}
