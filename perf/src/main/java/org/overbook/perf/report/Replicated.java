package org.overbook.perf.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.TimedResult;

/**
 * The results of a run grouped by point: each point's replications (runs of the same point under the seeds of
 * {@link org.overbook.perf.run.Replications}, which share its index) and, for a point run more than once, an
 * {@link Interval} per metric of its total.
 *
 * <p>The first result of each point (replication 0, under the scenario's own seed) is its <em>primary</em>: the
 * one the detailed files show (histograms, time series, resources, charts, report.md), so that a replicated run's
 * folder holds everything an unreplicated one does, plus the spread. {@code summary.csv} holds every
 * replication's rows (told apart by their seed) and, for each replicated point, four rows of statistics over
 * the totals: {@code mean}, {@code sd}, {@code ci95_low} and {@code ci95_high} in the tenant column. A metric
 * is given an interval only when every replication of the point reports it.
 */
public final class Replicated {

    /** The tenant-column names of the statistics rows, in order. */
    public static final List<String> STATISTICS = List.of("mean", "sd", "ci95_low", "ci95_high");

    private final List<TimedResult> primaries = new ArrayList<>();
    private final Map<Integer, List<RunResult>> byPoint = new LinkedHashMap<>();

    /** Groups {@code results}, in (point, replication) order, by point index. */
    public Replicated(List<TimedResult> results) {
        for (TimedResult timed : results) {
            List<RunResult> group = byPoint.computeIfAbsent(timed.result().index(), i -> new ArrayList<>());
            if (group.isEmpty()) {
                primaries.add(timed);
            }
            group.add(timed.result());
        }
    }

    /** Returns each point's first replication, in point order. */
    public List<TimedResult> primaries() {
        return List.copyOf(primaries);
    }

    /**
     * Returns the figures of each point's first replication, in point order, with the intervals over its replications
     * when it ran more than once: as {@code summary.json} records them and {@link ResultsFolder} reads them back.
     */
    public List<PointFigures> figures() {
        return primaries.stream().map(TimedResult::result).map(r -> PointFigures.of(r,
                replications(r.index()) > 1 ? intervals(r.index()) : Map.of())).toList();
    }

    /** Returns how many replications point {@code index} has (0 if it has none). */
    public int replications(int index) {
        return byPoint.getOrDefault(index, List.of()).size();
    }

    /** Returns whether any point ran more than once. */
    public boolean any() {
        return byPoint.values().stream().anyMatch(group -> group.size() > 1);
    }

    /** Returns the interval of each total metric of point {@code index} that every replication reports. */
    public Map<String, Interval> intervals(int index) {
        List<RunResult> group = byPoint.getOrDefault(index, List.of());
        Map<String, Interval> out = new LinkedHashMap<>();
        if (group.isEmpty()) {
            return out;
        }
        for (String metric : group.getFirst().total().keySet()) {
            double[] values = new double[group.size()];
            boolean everywhere = true;
            for (int i = 0; i < values.length && everywhere; i++) {
                Number value = group.get(i).total().get(metric);
                everywhere = value != null && Double.isFinite(value.doubleValue());
                values[i] = everywhere ? value.doubleValue() : 0;
            }
            if (everywhere) {
                out.put(metric, Interval.of(values));
            }
        }
        return out;
    }

    /** Returns the statistics rows of {@code summary.csv} for every replicated point, in the order of {@code columns}. */
    String csv(List<String> columns) {
        StringBuilder out = new StringBuilder();
        for (Map.Entry<Integer, List<RunResult>> e : byPoint.entrySet()) {
            if (e.getValue().size() < 2) {
                continue;
            }
            RunResult primary = e.getValue().getFirst();
            Map<String, Interval> intervals = intervals(e.getKey());
            for (String statistic : STATISTICS) {
                Map<String, Number> row = new LinkedHashMap<>();
                intervals.forEach((metric, interval) -> row.put(metric, switch (statistic) {
                    case "mean" -> interval.mean();
                    case "sd" -> interval.sd();
                    case "ci95_low" -> interval.low();
                    default -> interval.high();
                }));
                SummaryFiles.line(out, primary, statistic, "", "", row, columns);
            }
        }
        return out.toString();
    }

    /** Adds to {@code point} (point {@code index} of {@code summary.json}) its replications and their intervals. */
    void json(ObjectNode point, int index) {
        List<RunResult> group = byPoint.getOrDefault(index, List.of());
        point.put("replications", group.size());
        if (group.size() < 2) {
            return;
        }
        ArrayNode replicas = point.putArray("replicas");
        for (RunResult replica : group) {
            ObjectNode node = replicas.addObject();
            node.put("seed", replica.seed());
            node.put("events", replica.events());
            SummaryFiles.metrics(node.putObject("total"), replica.total());
        }
        ObjectNode intervals = point.putObject("intervals");
        intervals(index).forEach((metric, interval) -> {
            ObjectNode node = intervals.putObject(metric);
            node.put("mean", interval.mean());
            node.put("sd", interval.sd());
            node.put("ci95_low", interval.low());
            node.put("ci95_high", interval.high());
        });
    }
}
