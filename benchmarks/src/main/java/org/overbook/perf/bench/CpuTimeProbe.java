package org.overbook.perf.bench;

import com.sun.management.ThreadMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.List;
import org.overbook.perf.scenario.Deployment;
import org.overbook.perf.scenario.ScenarioBuilder;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/**
 * The A/B measure for a shared machine: runs one point of the default scenario several times in one JVM
 * and prints, for each run, the simulation thread's CPU time and wall time, the requests per CPU second
 * and per wall second, and the bytes the thread allocated per request (building the deployment left out,
 * as in {@link EndToEndBenchmark}). CPU
 * time does not count the time another process holds the core, so the least CPU time of a few runs moves
 * far less under load than wall time; the first run includes the JIT's warm-up.
 *
 * <p>Run (from the repository; the launcher builds it and adds its JVM options): {@code ./overbook probe CpuTimeProbe
 * POINT DURATION RUNS [field=value ...]}, e.g. {@code 0 100ms 3}; the optional overrides change the default scenario
 * (a diagnostic, e.g. {@code clients.template.workload.params.window=32}: a key space that fits in the CPU's caches).
 */
public final class CpuTimeProbe {

    private CpuTimeProbe() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 3) {
            System.err.println("usage: CpuTimeProbe POINT DURATION RUNS [field=value ...] (e.g. 0 100ms 3)");
            System.exit(2);
        }
        ScenarioLoader loader = ScenarioLoader.standard();
        ScenarioFile scenario = loader.defaultScenario().with("duration", args[1]);
        for (String override : List.of(args).subList(3, args.length)) {
            int equals = override.indexOf('=');
            if (equals <= 0) {
                System.err.println("not field=value: " + override);
                System.exit(2);
            }
            scenario = scenario.with(override.substring(0, equals), override.substring(equals + 1));
        }
        SweepPoint point = scenario.points().get(Integer.parseInt(args[0]));
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().threadId();
        for (int run = 0; run < Integer.parseInt(args[2]); run++) {
            try (TemporaryDirectory directory = new TemporaryDirectory();
                 Deployment deployment = new ScenarioBuilder(loader.registry()).build(point.scenario(), directory.path())) {
                long allocated = threads.getThreadAllocatedBytes(thread);
                long cpu = threads.getCurrentThreadCpuTime();
                long wall = System.nanoTime();
                deployment.runToEnd();
                cpu = threads.getCurrentThreadCpuTime() - cpu;
                wall = System.nanoTime() - wall;
                allocated = threads.getThreadAllocatedBytes(thread) - allocated;
                long requests = CompletedRequests.of(deployment);
                System.out.printf("run %d: %d events, %d requests; cpu %.2f s, wall %.2f s; %.0f requests per cpu second,"
                                + " %.0f per wall second; %d bytes allocated per request%n", run,
                        deployment.testbed().simulation().dispatched(), requests, cpu / 1e9, wall / 1e9,
                        requests / (cpu / 1e9), requests / (wall / 1e9), allocated / requests);
            }
        }
    }
}
