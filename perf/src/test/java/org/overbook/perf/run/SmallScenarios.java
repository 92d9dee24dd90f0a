package org.overbook.perf.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/** Small scenarios for tests: a few MiB, tens of milliseconds of virtual time. */
public final class SmallScenarios {

    /** Two memcached tenants at 1.5x overcommit, each loaded by its own memaslap, 10 ms warm-up then 20 ms. */
    public static final String MEMCACHED = """
            seed: 7
            duration: 20ms
            warm-up: 10ms
            host: {memory: 64MiB, swap: 64MiB}
            client-host: {memory: 96MiB}
            tenants: {count: 2, template: {memory: 48MiB, workload: {params: {memory-limit: 16MiB}}}}
            clients:
              count: 2
              template:
                memory: 16MiB
                workload: {params: {targets: "s${index}", concurrency: 4, window: 256, duration: 10s}}
            """;

    /** The same with a two-point sweep of the NIC TLB replacement policy. */
    public static final String SWEEP = MEMCACHED + """
            sweep:
              nic.tlb.replacement: [lru, fifo]
            """;

    /**
     * For density searches: memcached tenants of 12 MiB on a host of 24 MiB, each loaded by its own memaslap
     * (open loop, 20k requests/s, ~5 MiB of items): about four fit before the host swaps and the tail climbs.
     * Written as count + template with one tenant; a search sets the count. 40 ms warm-up (each memaslap's load
     * phase ends by then, so every probe is measured in steady state), then 60 ms (about 1,200 requests per client: enough for a p99).
     */
    public static final String DENSITY = """
            seed: 7
            duration: 60ms
            warm-up: 40ms
            host: {memory: 24MiB, swap: 128MiB}
            client-host: {memory: 64MiB}
            tenants: {count: 1, template: {memory: 12MiB, workload: {params: {memory-limit: 8MiB}}}}
            clients:
              count: 1
              template:
                memory: 4MiB
                workload:
                  params: {targets: "s${index}", concurrency: 4, window: 1024, loop: open, rate: 20000, warmup: 0s, duration: 10s}
            """;

    private SmallScenarios() {
    }

    /** Runs every point of {@code yaml} in turn, each in its own folder under {@code directory}; returns their results. */
    public static List<RunResult> runEveryPoint(String yaml, String name, Path directory) {
        ScenarioLoader loader = ScenarioLoader.standard();
        Runner runner = new Runner(loader.registry(), System::nanoTime);
        List<RunResult> results = new ArrayList<>();
        for (SweepPoint point : loader.parse(yaml, name).points()) {
            results.add(runner.run(point, directory.resolve("p" + point.index())).result());
        }
        return results;
    }
}
