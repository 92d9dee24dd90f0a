package org.overbook.examples;

import org.overbook.guest.Guest;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.Workload;
import org.overbook.guest.WorkloadMetrics;
import org.overbook.guest.WorkloadParameters;
import org.overbook.guest.WorkloadProvider;
import org.overbook.guest.WorkloadRegistry;

/**
 * A workload for the tests ({@value #NAME}) that draws nothing: it writes a stamp into each page of its working set in
 * turn, round after round, and checks the stamp it wrote there one round before. Its accesses are the same under every
 * seed, so in a scenario of it alone whatever differs from one seed to another comes from a policy's draws.
 */
public final class CyclicPages implements WorkloadProvider {

    /** The name scenarios use. */
    static final String NAME = "cyclic-pages";

    @Override
    public void registerWorkloads(WorkloadRegistry registry) {
        registry.register(NAME, "writes each page of its working set in turn, round after round; draws nothing", Writer::new);
    }

    /** One tenant's writer. */
    private static final class Writer implements Workload {

        private final long workingSet;
        private final long think;
        private Guest guest;
        private long base;
        private long page;
        private long round;
        private long mismatches;

        Writer(WorkloadParameters p) {
            this.workingSet = p.bytes("working-set", 1 << 20, GuestMemory.PAGE_SIZE, Long.MAX_VALUE);
            p.requireFitsGuest("working-set", workingSet);
            this.think = p.nanos("think", 2_000, 1, 1_000_000_000L);
        }

        @Override
        public void start(Guest g) {
            guest = g;
            base = g.memory().allocate(workingSet);
            g.schedule(think, this::touch);
        }

        private void touch() {
            long address = base + page * GuestMemory.PAGE_SIZE;
            if (guest.memory().readLong(address) != (round == 0 ? 0 : stamp(round - 1, page))) {
                mismatches++;
            }
            guest.memory().writeLong(address, stamp(round, page));
            if (++page == workingSet / GuestMemory.PAGE_SIZE) {
                page = 0;
                round++;
            }
            guest.charge(100);
            guest.schedule(think, this::touch);
        }

        private static long stamp(long round, long page) {
            return (round << 32 | page) * 0x9E3779B97F4A7C15L | 1;
        }

        @Override
        public void report(WorkloadMetrics metrics) {
            metrics.counter("rounds", round);
            metrics.counter("mismatches", mismatches);
        }
    }
}
