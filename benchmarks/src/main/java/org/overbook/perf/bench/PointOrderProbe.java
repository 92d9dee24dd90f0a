package org.overbook.perf.bench;

import com.sun.management.ThreadMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.List;
import org.overbook.perf.scenario.Deployment;
import org.overbook.perf.scenario.ScenarioBuilder;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/**
 * What a point costs after the points before it: runs points of the default scenario in the order given, in one
 * JVM on one thread, and prints the simulation thread's CPU time for each (building left out, as in
 * {@link CpuTimeProbe}), with no results written. {@code ./overbook run --threads 1} runs point 4 after points 0-3,
 * whose code the JIT compiled on other policies and tenant counts; comparing {@code 01234 4} here with
 * {@link CpuTimeProbe}'s steady state, and with {@code timing.txt}, tells how much of the run's cost for a point is
 * the JIT state it inherits rather than the results writer or the collector running beside it.
 *
 * <p>Run (from the repository; the launcher builds it and adds its JVM options):
 * {@code ./overbook probe PointOrderProbe 012344} (one digit a point; repeat one to see it warm).
 */
public final class PointOrderProbe {

    private PointOrderProbe() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1 || !args[0].matches("[0-9]+")) {
            System.err.println("usage: PointOrderProbe POINTS (digits, e.g. 012344: points 0 to 4, then 4 again)");
            System.exit(2);
        }
        ScenarioLoader loader = ScenarioLoader.standard();
        List<SweepPoint> points = loader.defaultScenario().points();
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        for (char digit : args[0].toCharArray()) {
            int index = digit - '0';
            if (index >= points.size()) {
                System.err.println("no point " + index + ": the default scenario has " + points.size());
                System.exit(2);
            }
            try (TemporaryDirectory directory = new TemporaryDirectory();
                 Deployment deployment = new ScenarioBuilder(loader.registry()).build(points.get(index).scenario(),
                         directory.path())) {
                long cpu = threads.getCurrentThreadCpuTime();
                deployment.runToEnd();
                cpu = threads.getCurrentThreadCpuTime() - cpu;
                long requests = CompletedRequests.of(deployment);
                System.out.printf("point %d: %d requests; cpu %.3f s, %.0f requests per cpu second%n", index, requests,
                        cpu / 1e9, requests / (cpu / 1e9));
            }
        }
    }
}
