package org.overbook.nic.vf;

import java.util.ArrayList;
import java.util.List;
import org.overbook.guest.verbs.MemoryRegion;
import org.overbook.guest.verbs.TranslationListener;
import org.overbook.hypervisor.sim.Simulation;
import org.overbook.hypervisor.sim.Vcpu;
import org.overbook.nic.VfCounters;

/**
 * CLUSTER 2005's extended registration for one VF: the regions registered with a listener, and the
 * upcalls that tell a listener, on the tenant's vCPU and after the upcall latency, when the NIC TLB
 * replaced one of its region's translations. Upcalls keep the order of the replacements; one still on its way when
 * its region is deregistered is dropped, as the library no longer watches it (its listener would act on a region
 * that is gone). The VF is in the
 * NIC's {@link TranslationWatches} while it watches a region, so replacements of unwatched VFs never reach here.
 */
final class Upcalls {

    private record Watch(MemoryRegion region, TranslationListener listener) {
    }

    private final int vf;
    private final TranslationWatches directory;
    private final Simulation simulation;
    private final Vcpu vcpu;
    private final long latencyNanos;
    private final VfCounters counters;
    private final List<Watch> watches = new ArrayList<>();

    Upcalls(int vf, TranslationWatches directory, Simulation simulation, Vcpu vcpu, long latencyNanos, VfCounters counters) {
        this.vf = vf;
        this.directory = directory;
        this.simulation = simulation;
        this.vcpu = vcpu;
        this.latencyNanos = latencyNanos;
        this.counters = counters;
    }

    void watch(MemoryRegion region, TranslationListener listener) {
        watches.add(new Watch(region, listener));
        directory.watching(vf, this);
    }

    void unwatch(MemoryRegion region) {
        watches.removeIf(watch -> watch.region().equals(region));
        if (watches.isEmpty()) {
            directory.watching(vf, null);
        }
    }

    /** The TLB replaced the translation of {@code page}: every watch covering it gets an upcall. */
    void replaced(int page) {
        long address = (long) page << 12;
        for (Watch watch : watches) {
            MemoryRegion region = watch.region();
            if (address + 4096 > region.address() && address < region.address() + region.length()) {
                counters.countUpcall();
                TranslationListener listener = watch.listener();
                simulation.schedule(latencyNanos, () -> vcpu.submit(() -> deliver(watch, address)));
            }
        }
    }

    private void deliver(Watch watch, long address) {
        if (watches.contains(watch)) {
            watch.listener().translationReplaced(watch.region(), address);
        }
    }
}
