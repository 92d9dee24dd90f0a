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
import org.overbook.perf.scenario.ScenarioBuilder;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/**
 * Set-up of a point of the default scenario ({@code overbook run}): building its deployment (both hosts, their
 * frames and Chronicle Map swap stores, the NICs, every workload booted) and closing it (freeing the frames,
 * removing the swap files), at virtual time zero. {@code swap} overrides {@code host.swap} (the default's own,
 * 1 GiB, and a real server's 64 GiB). Mode {@code SingleShotTime}: each measured operation is one build and
 * close, in a JVM that has built the point before (the first build of a JVM also loads Chronicle Map's
 * classes, about a second more; {@code timing.txt} of a run shows that one).
 *
 * <p>Run: {@code ./overbook bench SetUp}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 10)
@Fork(value = 1, jvmArgsAppend = "-XX:+UseParallelGC") // the GC ./overbook runs simulations with
public class SetUpBenchmark {

    @Param({"0", "1"})
    int point;

    @Param({"1GiB"})
    String swap;

    private final ScenarioLoader loader = ScenarioLoader.standard();
    private TemporaryDirectory directory;
    private SweepPoint resolved;

    @Setup(Level.Trial)
    public void resolve() throws IOException {
        resolved = loader.defaultScenario().with("host.swap", swap).points().get(point);
        directory = new TemporaryDirectory();
    }

    @TearDown(Level.Trial)
    public void removeDirectory() throws IOException {
        directory.close();
    }

    /** Builds the point's deployment and closes it. */
    @Benchmark
    public void buildAndClose() {
        new ScenarioBuilder(loader.registry()).build(resolved.scenario(), directory.path()).close();
    }
}
