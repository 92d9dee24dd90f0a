package org.overbook.perf.bench;

import java.util.PriorityQueue;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.overbook.hypervisor.sim.Simulation;

/**
 * Schedule and dispatch of trivial events in the hold model: the queue holds {@code outstanding}
 * events; each event, when it runs, schedules one more at a random delay (uniform in 0..1 ms), so
 * the queue stays the same size and every operation is one dispatch plus one schedule.
 *
 * <p>Run: {@code ./overbook bench SimulationBenchmark}. Target: at least 20 M events/s at 1,000
 * outstanding on one core.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "-XX:+UseParallelGC") // the GC ./overbook runs simulations with
public class SimulationBenchmark {

    private static final int EVENTS_PER_INVOCATION = 100_000;

    @Param({"1000", "100000"})
    int outstanding;

    private Simulation simulation;
    private PriorityQueue<Entry> reference;
    private long referenceSequence;
    private long referenceState = 0x9E3779B97F4A7C15L;

    /** An event of the reference queue: time, sequence, action. */
    record Entry(long time, long sequence, Runnable action) {
    }

    /** An event that reschedules itself: one object for the whole run, so nothing is allocated. */
    static final class Hold implements Runnable {
        private final Simulation simulation;
        private long state;

        Hold(Simulation simulation, long seed) {
            this.simulation = simulation;
            this.state = seed;
        }

        @Override
        public void run() {
            state ^= state << 13;
            state ^= state >>> 7;
            state ^= state << 17;
            simulation.schedule((state >>> 1) % 1_000_000, this);
        }
    }

    @Setup(Level.Trial)
    public void setUp() {
        reference = new PriorityQueue<>(outstanding, (a, b) -> a.time != b.time
                ? Long.compare(a.time, b.time) : Long.compare(a.sequence, b.sequence));
        Runnable nothing = () -> { };
        for (int i = 0; i < outstanding; i++) {
            reference.add(new Entry(i % 1_000_000, referenceSequence++, nothing));
        }
        simulation = new Simulation(1);
        for (int i = 0; i < outstanding; i++) {
            Hold hold = new Hold(simulation, 0x9E3779B97F4A7C15L * (i + 1));
            simulation.schedule(i % 1_000_000, hold);
        }
    }

    /** One dispatch plus one schedule per operation. */
    @Benchmark
    @OperationsPerInvocation(EVENTS_PER_INVOCATION)
    public long holdModel() {
        Simulation sim = simulation;
        for (int i = 0; i < EVENTS_PER_INVOCATION; i++) {
            sim.step();
        }
        return sim.now();
    }

    /** The same hold model on {@link PriorityQueue} of (time, sequence) entries: the comparison point. */
    @Benchmark
    @OperationsPerInvocation(EVENTS_PER_INVOCATION)
    public long priorityQueueHoldModel() {
        PriorityQueue<Entry> queue = reference;
        long state = referenceState;
        long now = 0;
        for (int i = 0; i < EVENTS_PER_INVOCATION; i++) {
            Entry next = queue.poll();
            now = next.time();
            next.action().run();
            state ^= state << 13;
            state ^= state >>> 7;
            state ^= state << 17;
            queue.add(new Entry(now + (state >>> 1) % 1_000_000, referenceSequence++, next.action()));
        }
        referenceState = state;
        return now;
    }

    /** Baseline: the loop and the random delay alone, no queue. */
    @Benchmark
    @OperationsPerInvocation(EVENTS_PER_INVOCATION)
    public long baselineLoopAndRandomDelay() {
        long state = 0x9E3779B97F4A7C15L;
        long sum = 0;
        for (int i = 0; i < EVENTS_PER_INVOCATION; i++) {
            state ^= state << 13;
            state ^= state >>> 7;
            state ^= state << 17;
            sum += (state >>> 1) % 1_000_000;
        }
        return sum;
    }
}
