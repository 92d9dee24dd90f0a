package org.overbook.perf.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;
import org.overbook.guest.Workload;
import org.overbook.guest.WorkloadRegistry;
import org.overbook.perf.plugin.Catalog;
import org.overbook.hypervisor.Tenant;
import org.overbook.hypervisor.sim.Simulation;
import org.overbook.nic.Nic;
import org.overbook.nic.Testbed;
import org.overbook.perf.scenario.Deployment;
import org.overbook.perf.scenario.Scenario;
import org.overbook.perf.scenario.ScenarioBuilder;
import org.overbook.perf.scenario.SweepPoint;
import org.overbook.perf.scenario.TenantSpec;

/**
 * Runs one resolved scenario and collects its {@link RunResult}.
 *
 * <h2>Design</h2>
 * A run is single-threaded and deterministic: the deployment is built with its swap files in a folder of the
 * {@link SwapArea} (never in the results folder, where an interrupted run would strand them), with disk reserved
 * for them up front, the simulation runs to the end of the warm-up, every host and NIC counter is snapshot, the
 * simulation runs to the end, and the result is the difference for counts and the final state for page
 * counts ({@link RunResult} says what the warm-up boundary means for workload metrics, which cannot be
 * reset). Nothing is reset in the model: the snapshot makes the measured window without touching it.
 * Between two slices of the run (the progress slices) every tenant's page counts and fault counters are
 * sampled into a {@link TimeSeries}, which says when, and every contended resource (CPUs, swap devices) into a
 * {@link ResourceSeries}, with its use over the measured window from the same two instants. The only wall-clock reading is the runner timing itself, through an injected clock, and it goes into
 * {@link TimedResult}, never into the result.
 */
public final class Runner {

    private final Catalog registry;
    private final LongSupplier wallClock;
    private final SwapArea swapArea;
    private final SteppedRun stepped;

    /**
     * Returns a runner resolving workload and policy names in {@code catalog} (on whatever thread runs a point),
     * timing itself with {@code wallClock} (ns), its hosts' swap files in {@code swapArea}.
     */
    public Runner(Catalog catalog, LongSupplier wallClock, SwapArea swapArea) {
        this(catalog, wallClock, swapArea, new SteppedRun(SteppedRun.EVENTS_AT_ONE_INSTANT));
    }

    private Runner(Catalog catalog, LongSupplier wallClock, SwapArea swapArea, SteppedRun stepped) {
        this.registry = Objects.requireNonNull(catalog, "catalog");
        this.wallClock = Objects.requireNonNull(wallClock, "wallClock");
        this.swapArea = Objects.requireNonNull(swapArea, "swapArea");
        this.stepped = stepped;
    }

    /** Returns this runner stopping a run after {@code events} events at one instant of virtual time (tests). */
    Runner stoppingAfterEventsAtOneInstant(long events) {
        return new Runner(registry, wallClock, swapArea, stepped.standingStillFor(events));
    }

    /**
     * Returns this runner stopping a run, as a {@link RunFailure} caused by {@link EventLimitReached}, once its
     * simulation has dispatched {@code events} events in all: a bound in events, not in wall time, for runs of scenarios
     * no one has sized (generated ones), where an event storm that keeps virtual time moving would otherwise run on.
     * A run within the limit is the same as without it.
     */
    public Runner stoppingAfterEvents(long events) {
        return new Runner(registry, wallClock, swapArea, stepped.limitedTo(events));
    }

    /** Returns a runner with its swap files in {@link SwapArea#standard()}. */
    public Runner(Catalog catalog, LongSupplier wallClock) {
        this(catalog, wallClock, SwapArea.standard());
    }

    /** Returns a runner creating workloads from {@code registry}, with the built-in policies. */
    public Runner(WorkloadRegistry registry, LongSupplier wallClock) {
        this(Catalog.builtIn().withWorkloads(registry), wallClock);
    }

    /** Returns a runner timing itself with {@link System#nanoTime()}, its swap files in {@link SwapArea#standard()}. */
    public static Runner standard(Catalog catalog) {
        return new Runner(catalog, System::nanoTime);
    }

    /** Returns the most disk the swap stores of {@code point}'s hosts may take. */
    public static long maxSwapBytesOnDisk(SweepPoint point) {
        return point.scenario().maxSwapBytesOnDisk();
    }

    /**
     * How far a run has got: virtual time now and at the end, both in nanoseconds. It may throw (a
     * {@link java.util.concurrent.CancellationException} to abandon a run no longer wanted): the run stops, its
     * deployment is closed and the exception propagates from {@link #run}.
     */
    @FunctionalInterface
    public interface Progress {
        void at(long nowNanos, long endNanos);

        /** Reports nothing. */
        static Progress none() {
            return (now, end) -> { };
        }
    }

    /** How many slices a run's virtual time is cut into to report progress (slicing changes no result). */
    static final int PROGRESS_SLICES = 100;
    /** How many times a slice looks whether the process is exiting, for a run to stop soon after Ctrl-C. */
    private static final int STOP_CHECKS_PER_SLICE = 10;

    /**
     * Runs {@code point}, its hosts' swap files in a folder of the swap area, removed afterwards; a kept swap file
     * ({@code host.keep-swap}) is moved to {@code directory}.
     */
    public TimedResult run(SweepPoint point, Path directory) {
        return run(point, directory, Progress.none());
    }

    /**
     * Runs {@code point} as {@link #run(SweepPoint, Path)} does, telling {@code progress} (and sampling the
     * {@link TimeSeries}) after every hundredth of its virtual time. {@code Simulation.runUntil} runs every event due at or before its argument, so
     * running in slices dispatches the same events in the same order as one call.
     */
    public TimedResult run(SweepPoint point, Path directory, Progress progress) {
        Scenario scenario = point.scenario();
        return execute(point, directory, (deployment, samples) -> {
            Testbed testbed = deployment.testbed();
            List<Map<String, Long>> atWarmUp;
            List<Map<String, Long>> atEnd;
            try {
                runUntil(testbed, scenario.warmUpNanos(), scenario.endNanos(), progress, samples);
                atWarmUp = snapshot(testbed);
                samples.resources.markWarmUp();
                runUntil(testbed, scenario.endNanos(), scenario.endNanos(), progress, samples);
                atEnd = snapshot(testbed);
            } catch (RuntimeException | AssertionError | LinkageError | StackOverflowError e) {
                // the errors a workload's or a policy's own bug throws, too: an AssertionError, a dependency its jar
                // lacks, a recursion without end; a plug-in workload's is named with its tenant and its jar
                throw RunFailure.of(point, testbed.simulation().now(), FailingWorkload.of(deployment, e), e);
            }
            return collect(point, deployment, atWarmUp, atEnd, samples.tenants.series(scenario.warmUpNanos()),
                    samples.resources.series());
        });
    }

    /**
     * Advances a built deployment's simulation in place of the runner: live mode paces it by the wall clock. It
     * calls {@code sample} whenever the {@link TimeSeries} should take a sample (at increasing virtual times of its
     * choosing, the last at its end, which must not depend on the wall clock for the results to be reproducible), and returns the point the run is
     * reported under: the same tenants, with the duration the session turned out to have.
     */
    @FunctionalInterface
    public interface Driver {
        SweepPoint drive(Deployment deployment, Runnable sample);
    }

    /**
     * Runs {@code point} with {@code driver} advancing its simulation from time zero, and collects the result as
     * {@link #run(SweepPoint, Path)} does, with the window measured from time zero (the point should have no
     * warm-up) to where the driver stopped, under the point the driver returns.
     */
    public TimedResult run(SweepPoint point, Path directory, Driver driver) {
        return execute(point, directory, (deployment, samples) -> {
            List<Map<String, Long>> atStart = snapshot(deployment.testbed());
            samples.resources.markWarmUp();
            SweepPoint reported = driver.drive(deployment, samples);
            List<Map<String, Long>> atEnd = snapshot(deployment.testbed());
            return collect(reported, deployment, atStart, atEnd, samples.tenants.series(reported.scenario().warmUpNanos()),
                    samples.resources.series());
        });
    }

    /** What a run does with its deployment, once built and sampled at time zero. */
    private interface Body {
        RunResult run(Deployment deployment, Samples samples);
    }

    /** The tenants' time series and the contended resources' series, sampled at the same instants. */
    private static final class Samples implements Runnable {
        private final Sampler tenants;
        private final ResourceSampler resources;

        Samples(Testbed testbed) {
            this.tenants = new Sampler(testbed);
            this.resources = new ResourceSampler(testbed.simulation(), ResourceProbes.of(testbed));
        }

        @Override
        public void run() {
            tenants.sample();
            resources.sample();
        }
    }

    /**
     * Builds {@code point}'s deployment with its swap files in the swap area, runs {@code body} on it, and cleans up;
     * timed on the wall clock and on this thread's CPU clock (for {@code timing.txt}, never for a result).
     */
    private TimedResult execute(SweepPoint point, Path directory, Body body) {
        long cpuStart = threadCpuNanos();
        long start = wallClock.getAsLong();
        Scenario scenario = point.scenario();
        RunResult result;
        long setUp;
        Path swapFolder = swapArea.newRunFolder();
        try (SwapArea.Reservation disk = swapArea.reserve(swapFolder, maxSwapBytesOnDisk(point));
             Deployment deployment = build(point, swapFolder)) {
            setUp = wallClock.getAsLong() - start;
            Samples samples = new Samples(deployment.testbed());
            samples.run();
            result = body.run(deployment, samples);
        } finally {
            try {
                if (scenario.host().keepSwap()) {
                    moveKeptFiles(swapFolder, directory);
                }
            } finally {
                swapArea.release(swapFolder);
            }
        }
        long wall = wallClock.getAsLong() - start;
        return new TimedResult(result, wall, setUp, threadCpuNanos() - cpuStart);
    }

    /**
     * Builds {@code point}'s testbed. A policy's code runs here already (a memory policy pins at attach, a victim
     * selection is created per host), so what it throws is reported as a run's failure is: the point, virtual time 0
     * and the plug-in's frame.
     */
    private Deployment build(SweepPoint point, Path swapFolder) {
        try {
            return new ScenarioBuilder(registry).build(point.scenario(), swapFolder);
        } catch (RuntimeException | AssertionError | LinkageError | StackOverflowError e) {
            throw RunFailure.of(point, 0, e);
        }
    }

    /** Returns this thread's CPU time in nanoseconds, or 0 where the JVM cannot measure it. */
    private static long threadCpuNanos() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        return threads.isCurrentThreadCpuTimeSupported() ? Math.max(0, threads.getCurrentThreadCpuTime()) : 0;
    }

    /** Runs the simulation to {@code until} in progress slices, sampling and reporting progress after each. */
    private void runUntil(Testbed testbed, long until, long end, Progress progress, Runnable sample) {
        long slice = Math.max(1, end / PROGRESS_SLICES);
        while (testbed.simulation().now() < until) {
            long next = Math.min(until, (testbed.simulation().now() / slice + 1) * slice);
            stepped.run(testbed.simulation(), next, Math.max(1, slice / STOP_CHECKS_PER_SLICE));
            sample.run();
            progress.at(next, end);
        }
    }

    private static List<Map<String, Long>> snapshot(Testbed testbed) {
        List<Map<String, Long>> out = new ArrayList<>();
        for (Tenant tenant : testbed.server().tenants()) {
            out.add(Metrics.hostCounters(tenant, testbed.serverNic()));
        }
        for (Tenant tenant : testbed.client().tenants()) {
            out.add(Metrics.hostCounters(tenant, testbed.clientNic()));
        }
        return out;
    }

    private static RunResult collect(SweepPoint point, Deployment deployment, List<Map<String, Long>> atWarmUp,
                                     List<Map<String, Long>> atEnd, TimeSeries timeSeries, ResourceSeries resources) {
        Scenario scenario = point.scenario();
        List<TenantSpec> specs = new ArrayList<>(scenario.tenants());
        specs.addAll(scenario.clients());
        List<Workload> workloads = new ArrayList<>(deployment.serverWorkloads());
        workloads.addAll(deployment.clientWorkloads());
        SortedMap<String, Histogram> histograms = new TreeMap<>();
        Histogram all = null;
        List<TenantRow> rows = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            TenantSpec spec = specs.get(i);
            Map<String, Number> metrics = Metrics.window(atWarmUp.get(i), atEnd.get(i));
            Histogram merged = null;
            WorkloadReport report = new WorkloadReport(point, deployment.testbed().simulation().now(), spec.name(),
                    spec.workload().name(), workloads.get(i));
            for (Map.Entry<String, Histogram> e : report.histograms().entrySet()) {
                histograms.put(spec.name() + "/" + e.getKey(), e.getValue());
                merged = add(merged, e.getValue());
                all = add(all, e.getValue());
            }
            metrics.putAll(Metrics.latency(merged));
            metrics.putAll(report.figures());
            rows.add(new TenantRow(spec.name(), i < scenario.tenants().size() ? "server" : "client",
                    spec.workload().name(), metrics));
        }
        Testbed testbed = deployment.testbed();
        Map<String, Number> total = total(rows, all);
        total.put("host_swap_writes", testbed.server().memory().swapWrites());
        total.put("host_swap_reads", testbed.server().memory().swapReads());
        total.put("host_reclaim_runs", testbed.server().memory().reclaimRuns());
        total.put(Metrics.SWAP_PEAK_BYTES, testbed.server().swapBytesOnDisk());
        total.put("nic_tlb_fairness", testbed.serverNic().tlb().fairness());
        total.put("balloon_reallocations", deployment.balloon().map(b -> b.reallocations()).orElse(0L));
        resources.windows().forEach(window -> total.putAll(window.columns()));
        return new RunResult(point.index(), point.label(), point.values(), scenario, point.yaml(),
                testbed.simulation().dispatched(), rows, total, histograms, timeSeries, resources);
    }

    /**
     * Sums counts; sums throughputs (a throughput one tenant did not measure, NaN, leaves the sum not measured: it would
     * otherwise read as the whole); recomputes ratios from sums; latency from every histogram merged.
     */
    private static Map<String, Number> total(List<TenantRow> rows, Histogram all) {
        Map<String, Number> total = new LinkedHashMap<>();
        for (TenantRow row : rows) {
            row.metrics().forEach((name, value) -> {
                if (Metrics.LATENCY_COLUMNS.contains(name) || Metrics.TLB_HIT_RATE.equals(name)
                        || Metrics.HIT_RATIO.equals(name)) {
                    return;
                }
                if (value instanceof Long l) {
                    total.merge(name, l, (a, b) -> a.longValue() + b.longValue());
                } else if (Metrics.summedGauge(name)) {
                    total.merge(name, value, (a, b) -> a.doubleValue() + b.doubleValue());
                }
            });
        }
        total.put(Metrics.TLB_HIT_RATE, Metrics.ratio(total.get("nic_tlb_hits"), total.get("nic_tlb_misses")));
        if (total.containsKey(Metrics.WORKLOAD_PREFIX + "hits")) {
            total.put(Metrics.HIT_RATIO, Metrics.ratio(total.get(Metrics.WORKLOAD_PREFIX + "hits"),
                    total.get(Metrics.WORKLOAD_PREFIX + "misses")));
        }
        total.putAll(Metrics.latency(all));
        return total;
    }

    private static Histogram add(Histogram sum, Histogram h) {
        Histogram out = sum == null ? new Histogram(h.getNumberOfSignificantValueDigits()) : sum;
        out.add(h);
        return out;
    }

    /** Moves every file of the run's host folders to the same place under {@code directory}. */
    private static void moveKeptFiles(Path swapFolder, Path directory) {
        for (String host : List.of(ScenarioBuilder.SERVER_HOST_DIRECTORY, ScenarioBuilder.CLIENT_HOST_DIRECTORY)) {
            Path from = swapFolder.resolve(host);
            if (!Files.isDirectory(from)) {
                continue;
            }
            try (var files = Files.list(from)) {
                for (Path file : files.toList()) {
                    Path to = Files.createDirectories(directory.resolve(host)).resolve(file.getFileName());
                    Files.move(file, to, StandardCopyOption.REPLACE_EXISTING);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot keep the swap files of " + from + " in " + directory, e);
            }
        }
    }
}
