package org.overbook.perf.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.PriorityQueue;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
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
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;
import org.overbook.hypervisor.sim.Action;
import org.overbook.hypervisor.sim.Simulation;

/**
 * Schedule and dispatch of trivial events in the hold model: the queue holds {@code outstanding} events;
 * each event, when it runs, schedules one more at a random delay, so the queue stays the same size and
 * every operation is one dispatch plus one schedule. Three kernels run the same hold model side by side:
 * {@link Simulation} (a ladder queue over a small 4-ary heap), {@link FourAryHeapKernel} (a packed 4-ary
 * heap with bottom-up pop, the kernel before the ladder) and {@link PriorityQueue} of (time, sequence)
 * entries.
 *
 * <p>Delays ({@code increments}): {@code uniform} in 0..1 ms (the classic hold model); {@code bimodal}, nine
 * in ten uniform in 0..1 µs (a NIC hop) and one in ten uniform in 1..2 ms (a timeout, a CPU slice), the mix
 * the real model has and the shape on which calendar queues are known to degrade.
 *
 * <p>Besides JMH's events per wall-clock second, each benchmark reports {@code eventsPerCpuSecond}: the events
 * divided by the benchmark thread's CPU time ({@link CpuClock}), the figure that holds on a shared, loaded
 * machine, where another process may hold the core for part of the wall time.
 *
 * <p>Run: {@code ./overbook bench SimulationBenchmark}. Target: at least 30 M events/s at 1,000 outstanding
 * and 15 M at 100,000 on one core.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "-XX:+UseParallelGC") // the GC ./overbook runs simulations with
public class SimulationBenchmark {

    private static final int EVENTS_PER_INVOCATION = 100_000;
    private static final long SEED = 0x9E3779B97F4A7C15L;

    @Param({"1000", "100000"})
    int outstanding;

    @Param({"uniform", "bimodal"})
    String increments;

    private Simulation simulation;
    private FourAryHeapKernel heap;
    private PriorityQueue<Entry> reference;
    private boolean bimodal;
    private long referenceSequence;
    private long referenceState = SEED;

    /** An event of the reference queue: time, sequence, action. */
    record Entry(long time, long sequence, Runnable action) {
    }

    /**
     * Thread CPU time spent in the measured loops and the events they ran, over all measurement iterations.
     * JMH adds an EVENTS counter up over the iterations, so {@link #eventsPerCpuSecond()} is reported once,
     * at the last measurement iteration (zero before it): the printed score is the rate over them all.
     */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class CpuClock {
        private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
        private long cpuNanos;
        private long events;
        private int measured;
        private boolean measuring;
        private boolean last;

        @Setup(Level.Iteration)
        public void startIteration(IterationParams iteration) {
            measuring = iteration.getType() == IterationType.MEASUREMENT;
            if (!measuring) {
                cpuNanos = 0;
                events = 0;
                measured = 0;
            }
            last = measuring && ++measured == iteration.getCount();
        }

        long start() {
            return THREADS.getCurrentThreadCpuTime();
        }

        void stop(long start, int ran) {
            if (measuring) {
                cpuNanos += THREADS.getCurrentThreadCpuTime() - start;
                events += ran;
            }
        }

        /** Events per second of the benchmark thread's CPU time over every measurement iteration. */
        public double eventsPerCpuSecond() {
            return last && cpuNanos > 0 ? events * 1e9 / cpuNanos : 0;
        }
    }

    /** Advances a xorshift generator: the same cheap draw for every kernel. */
    static long next(long state) {
        long s = state;
        s ^= s << 13;
        s ^= s >>> 7;
        s ^= s << 17;
        return s;
    }

    /** Returns the delay a draw gives, in nanoseconds. */
    static long delay(long draw, boolean bimodal) {
        long bits = draw >>> 1;
        if (!bimodal) {
            return bits % 1_000_000;
        }
        return bits % 10 != 0 ? (bits >>> 8) % 1_000 : 1_000_000 + (bits >>> 8) % 1_000_000;
    }

    /** An event of {@link Simulation} that reschedules itself: one object for the whole run, nothing allocated. */
    static final class Hold extends Action {
        private final Simulation simulation;
        private final boolean bimodal;
        private long state;

        Hold(Simulation simulation, boolean bimodal, long seed) {
            this.simulation = simulation;
            this.bimodal = bimodal;
            this.state = seed;
        }

        @Override
        public void run() {
            state = next(state);
            simulation.schedule(delay(state, bimodal), this);
        }
    }

    /** The same event on {@link FourAryHeapKernel}. */
    static final class HeapHold implements Runnable {
        private final FourAryHeapKernel kernel;
        private final boolean bimodal;
        private long state;

        HeapHold(FourAryHeapKernel kernel, boolean bimodal, long seed) {
            this.kernel = kernel;
            this.bimodal = bimodal;
            this.state = seed;
        }

        @Override
        public void run() {
            state = next(state);
            kernel.schedule(delay(state, bimodal), this);
        }
    }

    /** Builds only the kernel the benchmark runs, so the others' events do not crowd its caches. */
    @Setup(Level.Trial)
    public void setUp(BenchmarkParams params) {
        String benchmark = params.getBenchmark();
        bimodal = switch (increments) {
            case "uniform" -> false;
            case "bimodal" -> true;
            default -> throw new IllegalArgumentException("increments: uniform or bimodal, not " + increments);
        };
        reference = new PriorityQueue<>(outstanding, (a, b) -> a.time != b.time
                ? Long.compare(a.time, b.time) : Long.compare(a.sequence, b.sequence));
        Runnable nothing = () -> { };
        simulation = new Simulation(1);
        heap = new FourAryHeapKernel(1024);
        long state = SEED;
        for (int i = 0; i < outstanding; i++) {
            state = next(state);
            long start = delay(state, bimodal);
            long seed = SEED * (i + 1);
            if (benchmark.endsWith(".priorityQueueHoldModel")) {
                reference.add(new Entry(start, referenceSequence++, nothing));
            } else if (benchmark.endsWith(".fourAryHeapHoldModel")) {
                heap.schedule(start, new HeapHold(heap, bimodal, seed));
            } else {
                simulation.schedule(start, new Hold(simulation, bimodal, seed));
            }
        }
    }

    /** One dispatch plus one schedule per operation. */
    @Benchmark
    @OperationsPerInvocation(EVENTS_PER_INVOCATION)
    public long holdModel(CpuClock clock) {
        long cpu = clock.start();
        Simulation sim = simulation;
        for (int i = 0; i < EVENTS_PER_INVOCATION; i++) {
            sim.step();
        }
        clock.stop(cpu, EVENTS_PER_INVOCATION);
        return sim.now();
    }

    /** The same hold model on the packed 4-ary heap kernel: the first baseline. */
    @Benchmark
    @OperationsPerInvocation(EVENTS_PER_INVOCATION)
    public long fourAryHeapHoldModel(CpuClock clock) {
        long cpu = clock.start();
        FourAryHeapKernel kernel = heap;
        for (int i = 0; i < EVENTS_PER_INVOCATION; i++) {
            kernel.step();
        }
        clock.stop(cpu, EVENTS_PER_INVOCATION);
        return kernel.now();
    }

    /** The same hold model on {@link PriorityQueue} of (time, sequence) entries: the second baseline. */
    @Benchmark
    @OperationsPerInvocation(EVENTS_PER_INVOCATION)
    public long priorityQueueHoldModel(CpuClock clock) {
        long cpu = clock.start();
        PriorityQueue<Entry> queue = reference;
        boolean mix = bimodal;
        long state = referenceState;
        long now = 0;
        for (int i = 0; i < EVENTS_PER_INVOCATION; i++) {
            Entry next = queue.poll();
            now = next.time();
            next.action().run();
            state = next(state);
            queue.add(new Entry(now + delay(state, mix), referenceSequence++, next.action()));
        }
        referenceState = state;
        clock.stop(cpu, EVENTS_PER_INVOCATION);
        return now;
    }

    /** Baseline: the loop and the random delay alone, no queue. */
    @Benchmark
    @OperationsPerInvocation(EVENTS_PER_INVOCATION)
    public long baselineLoopAndRandomDelay() {
        boolean mix = bimodal;
        long state = SEED;
        long sum = 0;
        for (int i = 0; i < EVENTS_PER_INVOCATION; i++) {
            state = next(state);
            sum += delay(state, mix);
        }
        return sum;
    }
}
