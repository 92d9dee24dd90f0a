package org.overbook.perf.density;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.overbook.guest.ConfigurationException;
import org.overbook.perf.plugin.Catalog;
import org.overbook.perf.run.PointCache;
import org.overbook.perf.run.Replications;
import org.overbook.perf.run.RunFailure;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.Scenario;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.SweepPoint;
import org.overbook.perf.scenario.TenantSpec;
import org.overbook.workloads.LatencyRecording;

/**
 * Tenant density: the most tenants a host holds while every tenant meets an {@link Objective}, found by
 * search, with the curve that led there.
 *
 * <h2>Design</h2>
 * The scenario file gives one host with fixed RAM and a tenant template; the search varies
 * {@code tenants.count} ({@link TenantAxis}: clients follow when they are a template too), so more tenants
 * are more overcommit, and each probe is a whole run of the scenario at that count, judged by the objective.
 * The search is doubling then bisection over {@code [min, max]} ({@link Bracket}), which assumes that a host
 * failing {@code n} tenants fails more; it runs sequentially, sped up by speculative probes
 * ({@link DensitySearch}), so the curve does not depend on the parallelism. Every probe goes through a
 * {@link PointCache} keyed by the resolved scenario: a count asked twice, by speculation and then by the search
 * or by a second search on the same cache, runs once, and a speculative probe that the search has ruled out
 * stops at its next progress report (every hundredth of its virtual time). After each probe but the last, a caller
 * may be handed the curve so far ({@link PointNumbering} keeps a probe whose place is unchanged the same object),
 * so that it can write what the search has found before the search ends.
 *
 * <p>A tail-latency objective is how consolidation is judged: Leverich and Kozyrakis [1] load memcached hosts
 * as far as their tail latency stays within a service-level objective; ASPLOS 2017 [2] argues for network
 * page faults by the memcached tenants that overcommit lets a host hold.
 *
 * <p>[1] J. Leverich, C. Kozyrakis, "Reconciling High Server Utilization and Sub-millisecond Quality-of-Service",
 * EuroSys 2014. [2] I. Lesokhin et al., "Page Fault Support for Network Controllers", ASPLOS 2017.
 */
public final class DensityExperiment {

    private final ScenarioFile file;
    private final Objective objective;
    private final TenantAxis axis;
    private final Bracket start;
    private final boolean autoWindow;

    /**
     * Checks that {@code file} has a tenant axis, that its scenario is valid at {@code min} and {@code max}
     * tenants, and that some tenant records latency; nothing runs.
     *
     * @throws ConfigurationException naming the field or option at fault
     */
    public DensityExperiment(ScenarioFile file, Catalog registry, Objective objective, int min, int max) {
        this(file, registry, objective, min, max, false);
    }

    /**
     * As {@link #DensityExperiment(ScenarioFile, Catalog, Objective, int, int)}, and with {@code autoWindow} a
     * probe not measured (a load phase overrunning the warm-up, an under-sampled percentile) is run again with a
     * longer warm-up or window ({@link AutoWindow}) instead of giving up.
     */
    public DensityExperiment(ScenarioFile file, Catalog registry, Objective objective, int min, int max, boolean autoWindow) {
        this.autoWindow = autoWindow;
        this.file = file;
        this.objective = objective;
        this.axis = TenantAxis.of(file);
        this.start = Bracket.of(min, max);
        if (objective.confidence() > 0) {
            objective.withConfidence(objective.confidence(), file.replications());
        }
        requireLatency(axis.point(min).scenario(), registry);
        axis.point(max);
    }

    private void requireLatency(Scenario scenario, Catalog registry) {
        List<TenantSpec> all = new ArrayList<>(scenario.tenants());
        all.addAll(scenario.clients());
        if (all.stream().noneMatch(t -> t.workload().create(registry.workloads()) instanceof LatencyRecording)) {
            throw new ConfigurationException("--slo", "no tenant of " + file.source() + " records latency (its workloads: "
                    + String.join(", ", all.stream().map(t -> t.workload().name()).distinct().toList())
                    + "); accepted: a scenario whose clients do, such as memaslap, etc or ycsb");
        }
    }

    /** Returns the fields the search sets ({@code tenants.count = clients.count}). */
    public String axis() {
        return axis.describe();
    }

    /**
     * Runs the search with up to {@code parallel} simulations at once, through {@code cache}, calling
     * {@code onProbe} with each probe the search consults, in search order, as soon as it is judged.
     *
     * @throws ConfigurationException if the scenario is invalid at a number of tenants the search asks for
     */
    public DensityCurve run(PointCache cache, int parallel, Consumer<CurvePoint> onProbe) {
        return run(cache, parallel, onProbe, soFar -> { });
    }

    /**
     * As {@link #run(PointCache, int, Consumer)}, and after each probe but the last, calls {@code soFar} with the curve
     * judged so far (not {@link DensityCurve#complete() complete}), so that what a search found survives its
     * interruption; when a probe's run fails after some probes were judged, calls it once more, with those probes and
     * the probe that failed ({@link DensityCurve#failedProbe()}), before the failure is thrown. A run that failed inside
     * the model ({@link RunFailure}) is named as the probe the search numbers it, by its step: {@code probe 2
     * (tenants.count=2) stopped at ...}.
     */
    public DensityCurve run(PointCache cache, int parallel, Consumer<CurvePoint> onProbe, Consumer<DensityCurve> soFar) {
        DensitySearch.Prober<CurvePoint> prober = (tenants, wanted) -> probe(cache, tenants, wanted);
        PointNumbering numbering = new PointNumbering();
        List<DensitySearch.Probe<CurvePoint>> consulted = new ArrayList<>();
        DensitySearch.Outcome<CurvePoint> outcome;
        try {
            outcome = new DensitySearch<>(prober, CurvePoint::meets, parallel).run(start, probe -> {
                onProbe.accept(withStep(probe.result(), probe.step()));
                consulted.add(probe);
                Bracket bracket = after(consulted);
                if (!bracket.done()) {
                    soFar.accept(curve(bracket, numbering.points(consulted), new TreeMap<>(), OptionalInt.empty()));
                }
            }, failed -> {
                if (!consulted.isEmpty()) { // as a sweep's first point failing, one failing first leaves nothing to write
                    soFar.accept(curve(after(consulted), numbering.points(consulted), new TreeMap<>(), OptionalInt.of(failed)));
                }
            });
        } catch (RunFailure failure) {
            // the run of the probe the search consults next failed, and names the point it ran, 0 as every probe's is
            throw failure.named("probe " + (consulted.size() + 1));
        }
        return curve(outcome.bracket(), numbering.points(outcome.probes()), outcome.contradictions(), OptionalInt.empty());
    }

    /** Returns the bracket after {@code consulted}, in order. */
    private Bracket after(List<DensitySearch.Probe<CurvePoint>> consulted) {
        Bracket bracket = start;
        for (DensitySearch.Probe<CurvePoint> p : consulted) {
            bracket = bracket.after(p.tenants(), p.meets());
        }
        return bracket;
    }

    private DensityCurve curve(Bracket bracket, List<CurvePoint> points, SortedMap<Integer, Integer> contradictions,
                               OptionalInt failedProbe) {
        return new DensityCurve(file.source(), objective, axis.describe(), bracket, points, contradictions, failedProbe);
    }

    private CompletableFuture<CurvePoint> probe(PointCache cache, int tenants, BooleanSupplier wanted) {
        SweepPoint point;
        try {
            point = axis.point(tenants);
        } catch (ConfigurationException e) {
            return CompletableFuture.failedFuture(e);
        }
        return attempt(cache, tenants, point, point, List.of(), wanted);
    }

    /**
     * Runs every replication of {@code point} and judges them; a probe not measured is run again with a longer
     * warm-up or window under {@code --auto-window} ({@link AutoWindow}), or told how it could be otherwise.
     */
    private CompletableFuture<CurvePoint> attempt(PointCache cache, int tenants, SweepPoint original, SweepPoint point,
                                                  List<String> retries, BooleanSupplier wanted) {
        Runner.Progress progress = (now, end) -> {
            if (!wanted.getAsBoolean()) {
                throw new Abandoned(tenants);
            }
        };
        List<CompletableFuture<TimedResult>> runs = Replications.of(point, file.replications()).stream()
                .map(replica -> cache.get(replica, progress)).toList();
        return CompletableFuture.allOf(runs.toArray(CompletableFuture[]::new)).thenCompose(done -> {
            List<TimedResult> timed = runs.stream().map(CompletableFuture::join).toList();
            List<RunResult> results = timed.stream().map(TimedResult::result).toList();
            Judgement judgement = objective.judge(results);
            if (!judgement.measured()) {
                AutoWindow.Step step = AutoWindow.next(point.scenario(), original.scenario(), results, objective);
                if (autoWindow && step instanceof AutoWindow.Window window && retries.size() < AutoWindow.RETRIES) {
                    List<String> more = new ArrayList<>(retries);
                    more.add(window.why());
                    return attempt(cache, tenants, original, axis.point(tenants, window), more, wanted);
                }
                judgement = advised(judgement, step, retries, point.scenario());
            }
            return CompletableFuture.completedFuture(new CurvePoint(0, tenants, point.scenario().clients().size(),
                    point.scenario().overcommit(), judgement, timed.getFirst(), timed.subList(1, timed.size()), retries));
        });
    }

    /** Returns {@code j}, not measured, with what would measure it, or what {@code --auto-window} tried. */
    private Judgement advised(Judgement j, AutoWindow.Step step, List<String> retries, Scenario last) {
        String advice = switch (step) {
            case AutoWindow.Stop stop when stop.why().isEmpty() -> "";
            case AutoWindow.Stop stop when !autoWindow -> "; --auto-window would not help: " + stop.why();
            case AutoWindow.Stop stop when retries.isEmpty() -> "; --auto-window did not re-run it: " + stop.why();
            case AutoWindow.Stop stop -> tried(retries, last) + ", then stopped: " + stop.why();
            case AutoWindow.Window window when !autoWindow -> "; --auto-window would re-run it with " + window.why();
            case AutoWindow.Window window -> tried(retries, last);
        };
        return new Judgement(false, j.judged(), j.worst(), j.tenant(), j.reason() + advice, false);
    }

    /** Says what {@code --auto-window} tried: how many re-runs, and the warm-up and window of the last. */
    private static String tried(List<String> retries, Scenario last) {
        return "; after " + retries.size() + (retries.size() == 1 ? " re-run" : " re-runs") + " of --auto-window, the last with a "
                + AutoWindow.millis(last.warmUpNanos()) + " warm-up and a " + AutoWindow.millis(last.durationNanos()) + " window";
    }

    private static CurvePoint withStep(CurvePoint p, int step) {
        return new CurvePoint(step, p.tenants(), p.clients(), p.overcommit(), p.judgement(), p.timed(), p.others(), p.retries());
    }
}
