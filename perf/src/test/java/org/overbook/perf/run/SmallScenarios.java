package org.overbook.perf.run;

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

    private SmallScenarios() {
    }
}
