package org.overbook.workloads.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.Workload;
import org.overbook.guest.WorkloadParameters;
import org.overbook.guest.WorkloadRegistry;
import org.overbook.nic.NicConfig;
import org.overbook.nic.vf.VirtualFunction;
import org.overbook.workloads.testing.Testbeds;

/**
 * A halo exchange on a 4x4 torus, colour 0 on the server host (s0..s7), colour 1 on the client host
 * (c0..c7): every rank finishes with every stamp as sent, eager and by rendezvous, and the server NIC
 * holds what the protocols say: under a pin-down cache every peer's rings stay pinned, under on-demand
 * paging nothing is pinned and the NIC maps only the pages the neighbours' traffic touched.
 */
class HaloExchangeTest {

    private static final long SEED = 12;
    private static final int RANKS_PER_HOST = 8;
    private static final int PAGES = 1024;
    private static final int SLOTS = 16;
    private static final int SLOT_PAGES = 2;

    private final WorkloadRegistry registry = WorkloadRegistry.discover();

    /** What the server host's ranks reported and what its NIC held at the end. */
    private record Job(List<Map<String, Number>> ranks, long pinnedPages, long mappedPages, long registrations) {
    }

    private Job run(String policy, String halo) {
        return run(policy, halo, "cache");
    }

    private Job run(String policy, String halo, String registration) {
        int[] pages = new int[RANKS_PER_HOST];
        Arrays.fill(pages, PAGES);
        try (Testbeds testbeds = Testbeds.create(RANKS_PER_HOST * PAGES + 4096, pages, pages, NicConfig.of(policy), SEED)) {
            var testbed = testbeds.testbed();
            List<String> servers = new ArrayList<>();
            List<String> clients = new ArrayList<>();
            for (int i = 0; i < RANKS_PER_HOST; i++) {
                servers.add("s" + i);
                clients.add("c" + i);
            }
            List<Workload> measured = new ArrayList<>();
            for (int i = 0; i < RANKS_PER_HOST; i++) {
                Workload s = rank(0, i, clients, halo, registration);
                testbed.server().tenant(i).boot(s);
                measured.add(s);
                testbed.client().tenant(i).boot(rank(1, i, servers, halo, registration));
            }
            testbeds.run();
            List<Map<String, Number>> ranks = measured.stream().map(Testbeds::metrics).toList();
            long pinned = 0;
            long mapped = 0;
            long registrations = 0;
            for (int i = 0; i < RANKS_PER_HOST; i++) {
                VirtualFunction vf = testbed.serverNic().vf(i);
                pinned += vf.pinnedBytes() / GuestMemory.PAGE_SIZE;
                mapped += vf.translator().mappedPages();
                registrations += vf.counters().registrations();
            }
            return new Job(ranks, pinned, mapped, registrations);
        }
    }

    private Workload rank(int colour, int index, List<String> peers, String halo, String registration) {
        Map<String, Object> p = new HashMap<>();
        p.put("job", "4x4");
        p.put("colour", colour);
        p.put("rank", Integer.toString(index));
        p.put("peers", String.join(",", peers));
        p.put("halo", halo);
        p.put("warmup", 20);
        p.put("iterations", 20);
        p.put("registration", registration);
        return registry.create((colour == 0 ? "s" : "c") + index, HaloExchange.NAME,
                new WorkloadParameters("tenants[" + index + "].workload.params", p, (long) PAGES * GuestMemory.PAGE_SIZE));
    }

    private static void assertFinished(Job job, String where) {
        for (Map<String, Number> rank : job.ranks()) {
            String detail = "seed " + SEED + ", " + where + ": " + rank;
            assertEquals(1L, rank.get("finished"), detail);
            assertEquals(40L, rank.get("iterations"), detail);
            assertEquals(0L, rank.get("mismatches"), detail);
            assertEquals(0L, rank.get("errors"), detail);
            assertEquals((long) RANKS_PER_HOST, rank.get("peers"), detail);
            assertTrue(rank.get("iteration_us").doubleValue() > 0, detail);
        }
    }

    @Test
    void rendezvousHalosArriveIntactAndThePinDownSchemeKeepsEveryPeersRings() {
        Job pinDown = run("pin-down-cache", "16KiB");
        Job onDemand = run("on-demand", "16KiB");
        assertFinished(pinDown, "pin-down-cache, 16 KiB halos");
        assertFinished(onDemand, "on-demand, 16 KiB halos");
        assertEquals(40L * 4, pinDown.ranks().getFirst().get("rendezvous_messages"));
        long rings = (long) RANKS_PER_HOST * RANKS_PER_HOST * 2 * SLOTS * SLOT_PAGES;
        long halos = (long) RANKS_PER_HOST * 2 * 4 * 4; // 4 send and 4 receive buffers of 4 pages per rank
        long control = RANKS_PER_HOST * (SLOT_PAGES + 1L); // hellos in: one eager buffer long; out: 8 x 64 B
        assertEquals(rings + halos + control, pinDown.pinnedPages(), "seed " + SEED + ": every ring of every peer and every halo buffer pinned");
        assertEquals(0, onDemand.pinnedPages());
        // On demand: the neighbours' messages touch the first page of each slot of their sending rings and
        // the receiving rings whole (a receive fault prefetches to the end of its region, as mlx5 does), the
        // halo buffers are mapped whole, and the hellos map the control pages: at most 4 x 48 + 32 + 3 a rank.
        long touchedAtMost = RANKS_PER_HOST * (4L * (SLOTS + SLOTS * SLOT_PAGES) + halos / RANKS_PER_HOST) + control;
        System.out.printf("halo exchange 4x4, seed %d: pin-down pinned %d pages, on-demand mapped %d (at most %d), ratio %.2f%n",
                SEED, pinDown.pinnedPages(), onDemand.mappedPages(), touchedAtMost,
                (double) pinDown.pinnedPages() / onDemand.mappedPages());
        assertTrue(onDemand.mappedPages() <= touchedAtMost, "seed " + SEED + ": " + onDemand.mappedPages() + " mapped");
        assertTrue(onDemand.mappedPages() >= halos, "seed " + SEED + ": the halo buffers are mapped");
    }

    @Test
    void registeringOnceMapsWhatPerMessageRegistrationMapsWithoutRegisteringAroundEachRendezvous() {
        Job perMessage = run("on-demand", "16KiB", "cache");
        Job once = run("on-demand", "16KiB", "once");
        assertFinished(once, "on-demand, registration once");
        assertEquals(perMessage.mappedPages(), once.mappedPages(), "seed " + SEED + ": the same pages touched");
        // Per rank: two rings per peer and two control regions, plus the buffers once, against 8 a rendezvous iteration.
        long atStart = RANKS_PER_HOST * (2L * RANKS_PER_HOST + 2);
        assertEquals(atStart + RANKS_PER_HOST, once.registrations(), "seed " + SEED);
        assertEquals(atStart + RANKS_PER_HOST * 40L * 8, perMessage.registrations(), "seed " + SEED);
    }

    @Test
    void eagerHalosArriveIntact() {
        Job job = run("on-demand", "2KiB");
        assertFinished(job, "on-demand, 2 KiB halos");
        assertEquals(40L * 4, job.ranks().getFirst().get("eager_messages"));
        assertEquals(0L, job.ranks().getFirst().get("rendezvous_messages"));
    }

    @Test
    void torusNeighboursHaveTheOtherColourAndAreMutual() {
        Torus torus = new Torus(4, 6);
        for (int colour = 0; colour < 2; colour++) {
            for (int index = 0; index < torus.perColour(); index++) {
                for (int d = 0; d < Torus.DIRECTIONS; d++) {
                    int n = torus.neighbour(colour, index, d);
                    assertEquals(index, torus.neighbour(1 - colour, n, Torus.opposite(d)), "colour " + colour + " index " + index + " d " + d);
                    int gx = torus.column(colour, index);
                    int nx = torus.column(1 - colour, n);
                    assertEquals(1, (gx + torus.row(index) + nx + torus.row(n)) % 2 == 1 ? 1 : 0);
                }
            }
        }
    }

    @Test
    void badParametersNameTheField() {
        Map<String, Object> p = new HashMap<>(Map.of("job", "3x4", "rank", "0", "peers", "a"));
        var e = assertThrows(ConfigurationException.class, () -> new HaloExchange(new WorkloadParameters("w", p)));
        assertEquals("w.job", e.field());
        p.put("job", "2x2");
        e = assertThrows(ConfigurationException.class, () -> new HaloExchange(new WorkloadParameters("w", p)));
        assertEquals("w.peers", e.field());
    }
}
