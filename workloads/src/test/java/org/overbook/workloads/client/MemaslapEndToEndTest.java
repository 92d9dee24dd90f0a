package org.overbook.workloads.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.overbook.guest.Workload;
import org.overbook.guest.WorkloadParameters;
import org.overbook.guest.WorkloadRegistry;
import org.overbook.nic.NicConfig;
import org.overbook.nic.Testbed;
import org.overbook.nic.VfCounters;
import org.overbook.nic.vf.VirtualFunction;
import org.overbook.workloads.server.MemcachedServer;
import org.overbook.workloads.testing.Testbeds;

/**
 * A test-sized version of the ASPLOS 2017 experiment: two memaslap-like client tenants (memory pinned,
 * on the client host) against two memcached tenants at 2x overcommit on the server host. Each client
 * has 8 connections, 4 to each server, one request outstanding on each, 4000 keys of 64 B with 1 KiB
 * values (so each server holds about 4.6 MiB of items in a tenant of its share of 4 MiB of RAM); load,
 * then 20 ms of virtual time measured.
 *
 * <p>{@code pin-all} cannot overcommit, so, as the NIC's pin-all contract test does, the pin-all run
 * pins one server tenant (s0, 6 MiB: it fits) and leaves its neighbour on-demand (s1, 10 MiB): the
 * host stays at 2x overcommit with reclaim running, and the pinned tenant must never take a network
 * page fault. Both runs must complete with zero mismatches and a sensible throughput.
 */
class MemaslapEndToEndTest {

    private static final long SEED = 42;
    private static final int SERVER_FRAMES = 2048; // 8 MiB of RAM for 16 MiB of server tenants

    private final WorkloadRegistry registry = WorkloadRegistry.discover();

    @Test
    void onDemandAtTwiceOvercommit() {
        List<Map<String, Number>> clients = run(NicConfig.of("on-demand"), new int[] {2048, 2048}, "on-demand");
        for (Map<String, Number> m : clients) {
            assertTrue(m.get("throughput_ops_per_s").doubleValue() > 20_000, "seed " + SEED + ": " + m);
        }
    }

    @Test
    void pinAllNextToAnOnDemandNeighbour() {
        run(NicConfig.of("on-demand").withMemoryPolicies("on-demand", Map.of("s0", "pin-all")), new int[] {1536, 2560}, "pin-all");
    }

    private List<Map<String, Number>> run(NicConfig nic, int[] serverPages, String label) {
        List<Map<String, Number>> results = new ArrayList<>();
        try (Testbeds testbeds = Testbeds.create(SERVER_FRAMES, serverPages, new int[] {768, 768}, nic, SEED)) {
            Testbed testbed = testbeds.testbed();
            Workload[] servers = new Workload[2];
            for (int s = 0; s < 2; s++) {
                servers[s] = registry.create("tenants[" + s + "].workload", MemcachedServer.NAME, new WorkloadParameters("p",
                        Map.of("memory-limit", "6MiB", "item-size-max", "64KiB", "hash-power", 12,
                                "receive-buffers", 4, "reply-buffers", 4)));
                testbed.server().tenant(s).boot(servers[s]);
            }
            Workload[] clients = new Workload[2];
            for (int c = 0; c < 2; c++) {
                Map<String, Object> p = new HashMap<>();
                p.put("targets", "s0,s1");
                p.put("concurrency", 8);
                p.put("window", 500);
                p.put("key-prefix", "c" + c + ":");
                p.put("duration", "20ms");
                p.put("receive-buffers", 4);
                clients[c] = registry.create("clients[" + c + "].workload", LoadGenerator.MEMASLAP, new WorkloadParameters("p", p));
                testbed.client().tenant(c).boot(clients[c]);
            }
            testbeds.run();

            for (int c = 0; c < 2; c++) {
                Map<String, Number> m = Testbeds.metrics(clients[c]);
                results.add(m);
                System.out.printf("%s c%d: %,.0f ops/s, p50 %.1f us, p99 %.1f us, p99.9 %.1f us, hit ratio %.3f, %d requests, %d mismatches%n",
                        label, c, m.get("throughput_ops_per_s").doubleValue(), m.get("latency_p50_us").doubleValue(),
                        m.get("latency_p99_us").doubleValue(), m.get("latency_p999_us").doubleValue(),
                        m.get("hit_ratio").doubleValue(), m.get("requests").longValue(), m.get("mismatches").longValue());
                String where = "seed " + SEED + ", " + label + ", client c" + c + ": " + m;
                assertEquals(1L, m.get("finished"), where);
                assertEquals(4000L, m.get("loaded_keys"), where);
                assertEquals(0L, m.get("mismatches"), where);
                assertEquals(0L, m.get("failed_requests"), where);
                assertEquals(0L, m.get("error_replies"), where);
                assertEquals(0L, m.get("malformed_replies"), where);
                assertTrue(m.get("requests").longValue() > 200, where);
                assertTrue(m.get("hit_ratio").doubleValue() > 0.9, where);
                double throughput = m.get("throughput_ops_per_s").doubleValue();
                assertTrue(throughput > 5_000 && throughput < 5_000_000, where);
            }
            for (int s = 0; s < 2; s++) {
                VirtualFunction vf = testbed.serverNic().vf(s);
                System.out.printf("%s s%d: receive faults %d, send faults %d, RNR NACKs sent %d, guest major faults %d, swap-outs %d%n",
                        label, s, vf.counters().faults(VfCounters.Side.RECEIVE), vf.counters().faults(VfCounters.Side.SEND),
                        vf.counters().rnrNacksSent(), testbed.server().tenant(s).cpuMajorFaults(), vf.tenant().table().swapOuts());
                assertEquals(0L, Testbeds.metrics(servers[s]).get("evictions"), "seed " + SEED + ": the memory limit holds every key");
            }
            assertTrue(testbed.server().memory().swapWrites() > 0, "seed " + SEED + ": the server host swapped");
            if (label.equals("pin-all")) {
                VirtualFunction pinned = testbed.serverNic().vf(0);
                assertEquals(0L, pinned.counters().faults(VfCounters.Side.RECEIVE) + pinned.counters().faults(VfCounters.Side.SEND),
                        "seed " + SEED + ": a pin-all tenant never takes a network page fault");
                assertEquals(0L, pinned.tenant().table().swapOuts(), "seed " + SEED + ": a pin-all tenant is never swapped");
            } else {
                assertTrue(testbed.serverNic().vf(0).counters().faults(VfCounters.Side.RECEIVE) > 0,
                        "seed " + SEED + ": on-demand servers take receive faults");
            }
        }
        return results;
    }
}
