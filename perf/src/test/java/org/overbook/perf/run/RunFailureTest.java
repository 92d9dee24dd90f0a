package org.overbook.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.guest.Guest;
import org.overbook.guest.Workload;
import org.overbook.guest.WorkloadRegistry;
import org.overbook.nic.policy.MemoryPolicy;
import org.overbook.nic.policy.PinningContext;
import org.overbook.perf.plugin.Catalog;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;

/** A workload that throws inside the model: the run stops with one line naming the point, the time and the workload's line. */
class RunFailureTest {

    /** Throws from a task 2 ms into the run. */
    static final class Faulty implements Workload {
        @Override
        public void start(Guest guest) {
            guest.schedule(2_000_000, () -> {
                throw new IllegalStateException("the workload's own bug");
            });
        }
    }

    @Test
    void aWorkloadsExceptionNamesThePointTheVirtualTimeAndTheWorkloadsFrame(@TempDir Path directory) {
        WorkloadRegistry registry = WorkloadRegistry.discover().register("faulty", "throws after 2 ms", p -> new Faulty());
        ScenarioLoader loader = new ScenarioLoader(registry);
        ScenarioFile file = loader.parse("""
                duration: 5ms
                warm-up: 1ms
                tenants: {count: 1, template: {memory: 8MiB, workload: {name: faulty}}}
                clients: {count: 0}
                sweep:
                  nic.tlb.replacement: [lru]
                """, "faulty.yaml");
        RunFailure failure = assertThrows(RunFailure.class, () -> Runner.standard(loader.registry()).run(file.points().getFirst(), directory));
        String message = failure.getMessage();
        assertTrue(message.startsWith("point 0 (nic.tlb.replacement=lru) stopped at "), message);
        assertTrue(message.contains("ns of virtual time: IllegalStateException: the workload's own bug"), message);
        assertTrue(message.contains("(at org.overbook.perf.run.RunFailureTest$Faulty"), "the workload's frame, not the kernel's: " + message);
        assertEquals("the workload's own bug", failure.getCause().getMessage());
    }

    /** From 2 ms on, schedules itself again with no delay, forever: virtual time stops there. */
    static final class Spinning implements Workload {
        private Guest guest;

        @Override
        public void start(Guest guest) {
            this.guest = guest;
            guest.schedule(2_000_000, this::again);
        }

        private void again() {
            guest.schedule(0, this::again);
        }
    }

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES) // without the runner's look, this run would never end
    void aWorkloadThatStopsVirtualTimeEndsTheRunWithAnAccountNotAHang(@TempDir Path directory) {
        WorkloadRegistry registry = WorkloadRegistry.discover().register("spinning", "stops time at 2 ms", p -> new Spinning());
        ScenarioLoader loader = new ScenarioLoader(registry);
        ScenarioFile file = loader.parse("""
                duration: 5ms
                warm-up: 1ms
                tenants: {count: 1, template: {memory: 8MiB, workload: {name: spinning}}}
                clients: {count: 0}
                """, "spinning.yaml");
        Runner runner = Runner.standard(loader.registry()).stoppingAfterEventsAtOneInstant(300_000);
        RunFailure failure = assertThrows(RunFailure.class, () -> runner.run(file.points().getFirst(), directory));
        String message = failure.getMessage();
        assertTrue(message.startsWith("point 0 stopped at 2,000,000 ns of virtual time: TimeStoodStill: "), "the instant time stood at: " + message);
        assertTrue(message.contains("virtual time has not moved for 300,000 events; code run at that instant"), message);
        assertTrue(!message.contains("(at "), "no place: the runner noticed it, the loop did not throw: " + message);
    }

    @Test
    void aWorkloadsFailedAssertIsReportedAsItsExceptionsAre(@TempDir Path directory) {
        WorkloadRegistry registry = WorkloadRegistry.discover().register("asserting", "fails an assert at start",
                p -> guest -> {
                    throw new AssertionError("the workload's own invariant");
                });
        ScenarioLoader loader = new ScenarioLoader(registry);
        ScenarioFile file = loader.parse("""
                duration: 5ms
                warm-up: 1ms
                tenants: {count: 1, template: {memory: 8MiB, workload: {name: asserting}}}
                clients: {count: 0}
                """, "asserting.yaml");
        RunFailure failure = assertThrows(RunFailure.class, () -> Runner.standard(loader.registry()).run(file.points().getFirst(), directory));
        String message = failure.getMessage();
        assertTrue(message.startsWith("point 0 stopped at 0 ns of virtual time: AssertionError: the workload's own invariant (at "
                + "org.overbook.perf.run.RunFailureTest"), message);
        assertSame(AssertionError.class, failure.getCause().getClass());
    }

    @Test
    void aPolicyThatThrowsWhileTheTestbedIsBuiltIsReportedAsARunsFailureIs(@TempDir Path directory) {
        Catalog catalog = Catalog.builtIn();
        catalog.policies().memory().register("attach-throws", "throws when a VF is attached", () -> new MemoryPolicy() {
            @Override
            public String name() {
                return "attach-throws";
            }

            @Override
            public void attach(PinningContext context) {
                throw new UnsupportedOperationException("the policy's own bug");
            }
        });
        ScenarioLoader loader = new ScenarioLoader(catalog);
        ScenarioFile file = loader.parse("""
                duration: 5ms
                warm-up: 1ms
                nic: {memory-policy: attach-throws}
                tenants: {count: 1, template: {memory: 8MiB, workload: {name: memory-toucher, params: {working-set: 1MiB}}}}
                clients: {count: 0}
                """, "attach.yaml");
        RunFailure failure = assertThrows(RunFailure.class, () -> Runner.standard(catalog).run(file.points().getFirst(), directory));
        assertTrue(failure.getMessage().startsWith("point 0 stopped at 0 ns of virtual time: UnsupportedOperationException: "
                + "the policy's own bug (at org.overbook.perf.run.RunFailureTest$"), failure.getMessage());
    }

    /** Allocates 12 MiB of guest memory at start. */
    static final class Greedy implements Workload {
        @Override
        public void start(Guest guest) {
            guest.memory().allocate(12L << 20);
        }
    }

    /** Runs the first point of {@code scenario}, whose tenants may run {@link Greedy} as {@code greedy}, and returns its failure. */
    private static RunFailure greedyFailure(Path directory, String scenario) {
        WorkloadRegistry registry = WorkloadRegistry.discover().register("greedy", "allocates 12 MiB", p -> new Greedy());
        ScenarioLoader loader = new ScenarioLoader(registry);
        ScenarioFile file = loader.parse(scenario, "greedy.yaml");
        return assertThrows(RunFailure.class, () -> Runner.standard(loader.registry()).run(file.points().getFirst(), directory));
    }

    @Test
    void aWorkloadThatAllocatesPastItsTenantsMemoryNamesTheTenantItsMemoryAndTheFieldToRaise(@TempDir Path directory) {
        String message = greedyFailure(directory, """
                duration: 5ms
                warm-up: 1ms
                tenants:
                  - {name: idle, memory: 4MiB, workload: {name: memory-toucher, params: {working-set: 1MiB}}}
                  - {name: big, memory: 8MiB, workload: {name: greedy}}
                clients: {count: 0}
                """).getMessage();
        assertTrue(message.contains("GuestOutOfMemoryException: tenant big ran out of guest memory: an allocation needs a free run of"
                + " 3072 pages (12MiB), and its memory of 8MiB (2048 pages) has 2048 pages free in all"), message);
        assertTrue(message.contains("(at org.overbook.perf.run.RunFailureTest$Greedy.start("), "the workload's line: " + message);
        assertTrue(message.endsWith("; raise tenants[1].memory (tenant big's memory), or have its workload allocate less"), message);
    }

    @Test
    void aHostWhoseFramesArePinnedSaysSoAndWhatToChange(@TempDir Path directory) {
        // memcached's 16 connections register 64 pages of buffers each, all pinned: the whole 4 MiB host
        ScenarioLoader loader = ScenarioLoader.standard();
        ScenarioFile file = loader.parse("""
                duration: 5ms
                warm-up: 0ms
                host: {memory: 4MiB, swap: 32MiB}
                client-host: {memory: 64MiB}
                nic: {memory-policy: pin-on-register}
                tenants: [{name: s0, memory: 12MiB, workload: {name: memcached, params: {memory-limit: 9MiB}}}]
                clients: [{name: c0, memory: 16MiB, workload: {name: memaslap, params: {targets: s0, concurrency: 16}}}]
                """, "pinned.yaml");
        String message = assertThrows(RunFailure.class, () -> Runner.standard(loader.registry()).run(file.points().getFirst(),
                directory)).getMessage();
        assertTrue(message.contains("HostOutOfMemoryException: no free frame for tenant 0 guest page ")
                && message.contains(": of the host's 1024 frames, 1024 are pinned and reclaim could take none of the rest"), message);
        assertTrue(message.endsWith("; raise host.memory, or pin less (nic.memory-policy: pin-on-register and pin-down-cache pin "
                + "every buffer a workload registers, on-demand pins none)"), message);
    }

    @Test
    void aBuiltInWorkloadInATooSmallTenantSaysWhichClientToGiveMoreMemory(@TempDir Path directory) {
        ScenarioLoader loader = ScenarioLoader.standard();
        // a load generator's buffers are checked against its memory before the run; an RDMA benchmark's are not
        ScenarioFile file = loader.parse("""
                duration: 5ms
                warm-up: 0ms
                tenants: [{name: b0, memory: 16MiB, workload: {name: rdma-send-bandwidth, params: {role: server}}}]
                clients: {count: 1, template: {memory: 512KiB, workload: {name: rdma-send-bandwidth, params: {peer: b0, sizes: [1MiB]}}}}
                """, "small-client.yaml");
        RunFailure failure = assertThrows(RunFailure.class, () -> Runner.standard(loader.registry()).run(file.points().getFirst(), directory));
        String message = failure.getMessage();
        assertTrue(message.contains("tenant c0 ran out of guest memory") && message.contains("its memory of 512KiB (128 pages)"), message);
        assertTrue(message.contains("(at org.overbook.workloads."), "the built-in's line, not the allocator's: " + message);
        assertTrue(message.endsWith("; raise clients.template.memory (tenant c0's memory), or have its workload allocate less"),
                "the field the file writes, its clients' template, as its other errors name it: " + message);
    }

    @Test
    void aTenantFromATemplateWhoseMemoryRunsOutNamesTheTemplatesField(@TempDir Path directory) {
        RunFailure failure = greedyFailure(directory, """
                duration: 5ms
                warm-up: 1ms
                tenants: {count: 2, template: {memory: 8MiB, workload: {name: greedy}}}
                clients: {count: 0}
                """);
        assertTrue(failure.getMessage().endsWith("; raise tenants.template.memory (tenant s0's memory), or have its workload "
                + "allocate less"), failure.getMessage());
    }

    @Test
    void aNullTaskIsRefusedWhenScheduledNotWhenItWouldRun(@TempDir Path directory) {
        WorkloadRegistry registry = WorkloadRegistry.discover().register("null-task", "schedules null",
                p -> guest -> guest.schedule(3_000_000, null));
        ScenarioLoader loader = new ScenarioLoader(registry);
        ScenarioFile file = loader.parse("""
                duration: 5ms
                warm-up: 1ms
                tenants: {count: 1, template: {memory: 8MiB, workload: {name: null-task}}}
                clients: {count: 0}
                """, "null-task.yaml");
        RunFailure failure = assertThrows(RunFailure.class, () -> Runner.standard(loader.registry()).run(file.points().getFirst(), directory));
        assertTrue(failure.getMessage().startsWith("point 0 stopped at 0 ns of virtual time: NullPointerException: "
                + "schedule(delayNanos, task): task is null"), failure.getMessage());
    }

    @Test
    void aClientWhoseServerNeverListensSaysHowToWaitLonger(@TempDir Path directory) {
        ScenarioLoader loader = ScenarioLoader.standard();
        ScenarioFile file = loader.parse("""
                duration: 1s
                warm-up: 0s
                tenants: {count: 1, template: {memory: 8MiB, workload: {name: memory-toucher, params: {working-set: 1MiB}}}}
                clients: {count: 1, template: {workload: {name: memaslap, params: {targets: s0}}}}
                """, "no-server.yaml");
        RunFailure failure = assertThrows(RunFailure.class, () -> Runner.standard(loader.registry()).run(file.points().getFirst(), directory));
        assertTrue(failure.getMessage().contains("tenant 's0' does not listen on 'memcached', still after 1000 tries 100 us apart;"
                + " a server that boots slowly (pinning its memory first) needs a longer start-delay"), failure.getMessage());
    }

    @Test
    void aFrameOutsideOverbookIsPreferredAndAConfigurationErrorIsLeftAsItIs() {
        IllegalArgumentException thrown = new IllegalArgumentException("bad");
        thrown.setStackTrace(new StackTraceElement[] {
            new StackTraceElement("org.overbook.hypervisor.memory.TenantMemory", "read", "TenantMemory.java", 10),
            new StackTraceElement("org.example.MyWorkload", "onReply", "MyWorkload.java", 42),
        });
        assertEquals("org.example.MyWorkload.onReply(MyWorkload.java:42)", RunFailure.whereThrown(thrown).toString());
        org.overbook.guest.ConfigurationException configuration = new org.overbook.guest.ConfigurationException("host.swap", "too small");
        assertSame(configuration, RunFailure.of(null, 0, configuration));
    }
}
