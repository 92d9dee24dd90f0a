package org.overbook.nic.vf;

import java.util.ArrayList;
import java.util.List;
import org.eclipse.collections.impl.map.mutable.primitive.IntObjectHashMap;
import org.overbook.hypervisor.sim.Simulation;
import org.overbook.nic.VfCounters;
import org.overbook.nic.dma.Translator;

/**
 * The driver's page-fault handler for receive-side faults of one VF, working in the background: the
 * missing pages of a message, then up to the prefetch window of the faulting region's pages after the
 * last of them (as mlx5 ODP does after a responder fault). A page already being resolved is not
 * resolved twice; whoever asks for it again waits for the same resolution.
 */
final class ReceiveFaultResolver {

    private final Simulation simulation;
    private final Translator translator;
    private final VfCounters counters;
    private final long prefetchWindowBytes;
    private final IntObjectHashMap<List<Runnable>> inProgress = new IntObjectHashMap<>();

    ReceiveFaultResolver(Simulation simulation, Translator translator, VfCounters counters, long prefetchWindowBytes) {
        this.simulation = simulation;
        this.translator = translator;
        this.counters = counters;
        this.prefetchWindowBytes = prefetchWindowBytes;
    }

    /**
     * Resolves {@code missing} pages, starting at {@code time}, and prefetches within the region ending
     * at {@code regionEnd}; {@code then}, if not null, runs once the pages are mapped.
     */
    void resolve(int[] missing, long regionEnd, long time, Runnable then) {
        int[] fresh = new int[missing.length];
        int count = 0;
        for (int page : missing) {
            if (!inProgress.containsKey(page)) {
                fresh[count++] = page;
            }
        }
        long cost = translator.faultNanos(fresh, count);
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
        for (int page : missing) {
            inProgress.getIfAbsentPut(page, () -> waiters);
        }
        int last = missing[missing.length - 1];
        int prefetchEnd = (int) Math.min((regionEnd - 1) >>> 12, last + (prefetchWindowBytes >>> 12));
        simulation.scheduleAt(time + cost, () -> complete(missing, last, prefetchEnd));
    }

    private void complete(int[] missing, int last, int prefetchEnd) {
        List<Runnable> ready = new ArrayList<>();
        for (int page : missing) {
            List<Runnable> pageWaiters = inProgress.remove(page);
            if (pageWaiters != null) {
                translator.resolve(page, VfCounters.Side.RECEIVE);
                for (Runnable waiter : pageWaiters) {
                    if (!ready.contains(waiter)) {
                        ready.add(waiter);
                    }
                }
            }
        }
        int prefetched = 0;
        for (int page = last + 1; page <= prefetchEnd; page++) {
            if (!translator.mapped(page) && !inProgress.containsKey(page)) {
                translator.prefetch(page);
                prefetched++;
            }
        }
        counters.countPrefetched(prefetched);
        ready.forEach(Runnable::run);
    }
}
