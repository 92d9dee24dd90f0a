package org.overbook.perf.bench;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.overbook.perf.scenario.Deployment;
import org.overbook.perf.scenario.ScenarioBuilder;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/**
 * End to end: one point of the default scenario ({@code overbook run}), simulated from virtual time zero
 * to its end, and the simulated memcached requests that run completes per wall-clock second.
 *
 * <p>One operation is one whole run of the point, from the clients' connect and load phase to the end, the
 * same deterministic run every time. Building its deployment (both hosts, their memory and Chronicle Map
 * swap files, booting the workloads) is an invocation-level set-up and closing it a tear-down: JMH times
 * each invocation on its own and leaves both out. Mode {@code Throughput}: the primary score is runs per
 * wall second (an iteration of 1 s holds one run while a run takes longer); the secondary scores divide
 * the same wall time into the run's simulated work: {@code requests}, every key the clients set in the
 * load phase plus every request they completed after it ({@link CompletedRequests}), and {@code events},
 * the simulation events dispatched. Point 0 is {@code pin-all}, point 1 {@code on-demand}.
 * {@code duration} overrides the scenario's measured duration (its warm-up, 500 ms, stays).
 *
 * <p>Run: {@code ./overbook bench EndToEnd}. Target: at least 500,000 requests per wall second on one core.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 1, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = "-XX:+UseParallelGC") // the GC ./overbook runs simulations with
public class EndToEndBenchmark {

    @Param({"0", "1"})
    int point;

    /** The measured duration (the default scenario's own: 400 ms after its 500 ms warm-up). */
    @Param({"400ms"})
    String duration;

    private final ScenarioLoader loader = ScenarioLoader.standard();
    private TemporaryDirectory directory;
    private SweepPoint resolved;
    private Deployment deployment;

    @Setup(Level.Trial)
    public void resolve() throws IOException {
        ScenarioFile file = loader.defaultScenario().with("duration", duration);
        resolved = file.points().get(point);
        directory = new TemporaryDirectory();
    }

    @Setup(Level.Invocation)
    public void build() {
        deployment = new ScenarioBuilder(loader.registry()).build(resolved.scenario(), directory.path());
    }

    @TearDown(Level.Invocation)
    public void close() {
        deployment.close();
    }

    @TearDown(Level.Trial)
    public void removeDirectory() throws IOException {
        directory.close();
    }

    /** Simulates the whole point, warm-up and measured duration. */
    @Benchmark
    public void run(Simulated simulated) {
        deployment.runToEnd();
        simulated.requests += CompletedRequests.of(deployment);
        simulated.events += deployment.testbed().simulation().dispatched();
    }
}
