package org.overbook.nic.vf;

import java.util.ArrayList;
import java.util.List;
import org.eclipse.collections.impl.map.mutable.primitive.IntObjectHashMap;
import org.eclipse.collections.impl.set.mutable.primitive.IntHashSet;
import org.overbook.hypervisor.sim.Simulation;
import org.overbook.nic.VfCounters;
import org.overbook.nic.dma.FaultServicePool;
import org.overbook.nic.dma.Translator;

/**
 * The driver's page-fault handling for receive-side faults of one VF, in the background: each fault is
 * a job of the NIC's fault-service pool ({@link FaultServicePool}), which resolves the missing pages of
 * a packet, resumes the queue, and then, in the same work item, prefetches up to the prefetch window of
 * the faulting region's pages after the last of them (as mlx5 ODP does after a responder fault). The
 * prefetched pages cost their per-page work and swap-ins in the job and are counted as prefetched; they
 * are chosen when the job is booked (the window's pages neither mapped, nor being resolved, nor being
 * prefetched by an earlier job then) and mapped when it ends, unless something mapped them meanwhile.
 * A page already being resolved is not resolved twice; whoever asks for it again waits for the same
 * job. A page being prefetched is not waited for: a fault on it is a fault of its own, as the NIC
 * reports it again.
 */
final class ReceiveFaultResolver {

    private final Simulation simulation;
    private final Translator translator;
    private final VfCounters counters;
    private final FaultServicePool pool;
    private final long prefetchWindowBytes;
    private final IntObjectHashMap<List<Runnable>> inProgress = new IntObjectHashMap<>();
    private final IntHashSet prefetching = new IntHashSet();

    ReceiveFaultResolver(Simulation simulation, Translator translator, VfCounters counters, FaultServicePool pool,
                         long prefetchWindowBytes) {
        this.simulation = simulation;
        this.translator = translator;
        this.counters = counters;
        this.pool = pool;
        this.prefetchWindowBytes = prefetchWindowBytes;
    }

    /**
     * Resolves {@code missing} pages, the fault arriving at {@code time}, and prefetches within the region
     * ending at {@code regionEnd}; {@code then}, if not null, runs once this job's pages are mapped (the
     * caller translates again, and asks again for any page another job was still resolving).
     */
    void resolve(int[] missing, long regionEnd, long time, Runnable then) {
        int[] fresh = new int[missing.length];
        int count = 0;
        for (int page : missing) {
            if (!inProgress.containsKey(page)) {
                fresh[count++] = page;
            }
        }
        if (count == 0) {
            if (then != null) {
                inProgress.get(missing[0]).add(then);
            }
            return;
        }
        List<Runnable> waiters = new ArrayList<>(1);
        if (then != null) {
            waiters.add(then);
        }
        for (int i = 0; i < count; i++) {
            inProgress.put(fresh[i], waiters);
        }
        int last = missing[missing.length - 1];
        int prefetchEnd = (int) Math.min((regionEnd - 1) >>> 12, last + (prefetchWindowBytes >>> 12));
        int[] prefetch = new int[Math.max(0, prefetchEnd - last)];
        int prefetchCount = 0;
        for (int page = last + 1; page <= prefetchEnd; page++) {
            if (!translator.mapped(page, /* forWrite= */ true) && !inProgress.containsKey(page) && prefetching.add(page)) {
                prefetch[prefetchCount++] = page;
            }
        }
        long resumed = pool.serve(time, translator.vf(), fresh, count, prefetch, prefetchCount, /* forWrite= */ true);
        int faulted = count;
        simulation.scheduleAt(resumed, () -> complete(fresh, faulted));
        if (prefetchCount > 0) {
            int booked = prefetchCount;
            simulation.scheduleAt(pool.lastFinish(), () -> prefetch(prefetch, booked));
        }
    }

    private void complete(int[] pages, int count) {
        List<Runnable> ready = null;
        for (int i = 0; i < count; i++) {
            List<Runnable> pageWaiters = inProgress.remove(pages[i]);
            translator.resolve(pages[i], VfCounters.Side.RECEIVE, /* forWrite= */ true);
            if (ready == null) {
                ready = pageWaiters;
            }
        }
        ready.forEach(Runnable::run);
    }

    private void prefetch(int[] pages, int count) {
        int prefetched = 0;
        for (int i = 0; i < count; i++) {
            prefetching.remove(pages[i]);
            if (!translator.mapped(pages[i], /* forWrite= */ true) && !inProgress.containsKey(pages[i])) {
                translator.prefetch(pages[i], /* forWrite= */ true);
                prefetched++;
            }
        }
        counters.countPrefetched(prefetched);
    }
}
