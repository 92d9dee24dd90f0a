package org.overbook.perf.sensitivity;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.UnaryOperator;
import org.overbook.perf.report.Interval;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.run.PointExecutor;
import org.overbook.perf.run.Replications;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.SweepPoint;
import org.overbook.perf.scenario.ScenarioFile;

/**
 * A scenario file's headline: its best point (the highest mean host throughput when unchanged; the default's four
 * on-demand tenants) and there the host's throughput, p50 and p99 latency. The first measurement (the unchanged
 * file) runs every point to find it; every later one runs that point alone.
 */
final class ScenarioSubject implements Subject {

    private final String name;
    private final ScenarioFile file;
    private final int replications;
    private int headline = -1;

    ScenarioSubject(String name, ScenarioFile file, int replications) {
        this.name = name;
        this.file = file;
        this.replications = replications;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public List<ScenarioFile> files() {
        return List.of(file);
    }

    @Override
    public Map<String, Interval> measure(UnaryOperator<ScenarioFile> change, PointExecutor executor)
            throws InterruptedException, ExecutionException {
        List<SweepPoint> points = change.apply(file).points();
        List<SweepPoint> wanted = headline < 0 ? points : List.of(points.get(headline));
        Map<Integer, List<CompletableFuture<TimedResult>>> futures = new LinkedHashMap<>();
        for (SweepPoint point : wanted) {
            List<CompletableFuture<TimedResult>> replicas = new ArrayList<>();
            for (SweepPoint replica : Replications.of(point, replications)) {
                replicas.add(executor.run(replica, Runner.Progress.none()));
            }
            futures.put(point.index(), replicas);
        }
        Map<Integer, List<RunResult>> results = new LinkedHashMap<>();
        for (Map.Entry<Integer, List<CompletableFuture<TimedResult>>> e : futures.entrySet()) {
            List<RunResult> replicas = new ArrayList<>();
            for (CompletableFuture<TimedResult> future : e.getValue()) {
                replicas.add(future.get().result());
            }
            results.put(e.getKey(), replicas);
        }
        if (headline < 0) {
            headline = best(results);
        }
        List<RunResult> at = results.get(headline);
        String where = " (point " + headline + ")";
        Map<String, Interval> out = new LinkedHashMap<>();
        out.put("throughput, ops/s" + where, interval(at, Metrics.THROUGHPUT, 1));
        out.put("p50 latency, us" + where, interval(at, Metrics.P50, 1e-3));
        out.put("p99 latency, us" + where, interval(at, Metrics.P99, 1e-3));
        return out;
    }

    /** Returns the point with the highest mean throughput. */
    private static int best(Map<Integer, List<RunResult>> results) {
        int best = results.keySet().iterator().next();
        double most = Double.NEGATIVE_INFINITY;
        for (Map.Entry<Integer, List<RunResult>> e : results.entrySet()) {
            double mean = interval(e.getValue(), Metrics.THROUGHPUT, 1).mean();
            if (mean > most) {
                most = mean;
                best = e.getKey();
            }
        }
        return best;
    }

    private static Interval interval(List<RunResult> replicas, String metric, double scale) {
        double[] values = new double[replicas.size()];
        for (int i = 0; i < values.length; i++) {
            Number value = replicas.get(i).total().get(metric);
            values[i] = value == null ? Double.NaN : value.doubleValue() * scale;
        }
        return Interval.of(values);
    }
}
