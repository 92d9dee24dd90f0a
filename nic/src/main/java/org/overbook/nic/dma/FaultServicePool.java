package org.overbook.nic.dma;

import org.HdrHistogram.Histogram;

/**
 * The NIC driver's workers that resolve network page faults, shared by all of the NIC's virtual
 * functions: a bounded pool, queued first in, first out.
 *
 * <p>Design. mlx5 reports a NIC's page faults on one event queue of 4096 entries per device and hands
 * each to the {@code mlx5_ib_page_fault} workqueue, allocated with {@code max_active} 32 [1]: at most 32
 * faults are served at once, the others wait in order. A job is booked when the fault is reported: it
 * takes the worker that frees first, no earlier than its arrival, and holds it for its service time,
 * which the host decides ({@link FaultServiceTime}). A receive fault's job goes on, after the queue has
 * been resumed, to prefetch the rest of the window in the same work item [1], so its worker stays busy
 * past the resume. Jobs are served in the order they are booked, which is the order of their arrival as
 * long as the callers book them when they happen (they do: at the instant of the fault, or a
 * translation's few hundred nanoseconds later). The 4096-entry event queue is not bounded here: a fault
 * beyond it would be lost and re-reported by the NIC, which the model does not need. Waits (start less
 * arrival) are recorded for the report.
 *
 * <p>[1] Linux, drivers/infiniband/hw/mlx5/odp.c: {@code mlx5_ib_create_pf_eq}: {@code alloc_workqueue(
 * "mlx5_ib_page_fault", WQ_HIGHPRI | WQ_UNBOUND | WQ_MEM_RECLAIM, MLX5_NUM_CMD_EQE)}, 32, and an event
 * queue of {@code MLX5_IB_NUM_PF_EQE} (0x1000) entries; {@code mlx5_ib_mr_rdma_pfault_handler}
 * (resume, then prefetch).
 */
public final class FaultServicePool {

    private final long[] freeAt;
    private final FaultServiceTime serviceTime;
    private final Histogram waits = new Histogram(3);
    private long jobs;
    private long waitSum;
    private long busyNanos;
    private long lastFinish;

    public FaultServicePool(int workers, FaultServiceTime serviceTime) {
        if (workers <= 0) {
            throw new IllegalArgumentException("a fault-service pool needs at least one worker, not " + workers);
        }
        this.freeAt = new long[workers];
        this.serviceTime = serviceTime;
    }

    /**
     * Books a job that arrives at {@code arrival}: it resolves {@code pages[0..count)} of {@code tenant}
     * and then prefetches {@code prefetch[0..prefetchCount)}, asking for write access with {@code forWrite} (a
     * receive's fault always; a send's where its region is writable). Returns when the faulting pages are in (the
     * faulting queue resumes then); the worker is free again at {@link #lastFinish()}.
     */
    public long serve(long arrival, int tenant, int[] pages, int count, int[] prefetch, int prefetchCount, boolean forWrite) {
        int worker = 0;
        for (int w = 1; w < freeAt.length; w++) {
            if (freeAt[w] < freeAt[worker]) {
                worker = w;
            }
        }
        long start = Math.max(arrival, freeAt[worker]);
        long resumed = count > 0 ? serviceTime.serve(start, tenant, pages, count, /* prefetch= */ false, forWrite) : start;
        long finish = prefetchCount > 0 ? serviceTime.serve(resumed, tenant, prefetch, prefetchCount, /* prefetch= */ true, forWrite) : resumed;
        freeAt[worker] = finish;
        lastFinish = finish;
        long wait = start - arrival;
        jobs++;
        waitSum += wait;
        busyNanos += finish - start;
        waits.recordValue(wait);
        return resumed;
    }

    /** Returns when the worker of the last job booked is free again (after its prefetch). */
    public long lastFinish() {
        return lastFinish;
    }

    public int workers() {
        return freeAt.length;
    }

    /** Returns the jobs booked. */
    public long jobs() {
        return jobs;
    }

    /** Returns the nanoseconds jobs waited in the queue for a worker, summed. */
    public long waitNanos() {
        return waitSum;
    }

    /** Returns the worker-nanoseconds spent serving jobs (for the pool's utilisation: divide by workers and time). */
    public long busyNanos() {
        return busyNanos;
    }

    /** Returns the 99th percentile of the queue wait, in nanoseconds (0 before any job). */
    public long waitP99Nanos() {
        return jobs == 0 ? 0 : waits.getValueAtPercentile(99);
    }

    /** Returns a copy of the queue-wait histogram, in nanoseconds. */
    public Histogram waitHistogram() {
        return waits.copy();
    }
}
