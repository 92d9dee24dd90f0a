package org.overbook.perf.run;

import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;
import org.overbook.guest.Registry;
import org.overbook.guest.Workload;
import org.overbook.perf.scenario.SweepPoint;
import org.overbook.workloads.LatencyRecording;

/**
 * What one tenant's workload says of itself once its run has ended: its latency histograms (a {@link LatencyRecording})
 * and the figures its {@code report} gives. Both run the workload's own code, a plug-in's as often as not, so what they
 * throw stops the point as a {@link RunFailure} naming the tenant, the workload and its jar, with the plug-in's frame,
 * as a throw while the model runs does; and so does a figure that cannot be: a negative counter (a count is 0 or
 * more), or a negative rate among the gauges a total sums ({@code throughput_ops_per_s}, {@code ..._gbps}). A gauge
 * that is not a number stays what {@link Metrics#workload} makes it: not measured.
 */
final class WorkloadReport {

    private final SweepPoint point;
    private final long endNanos;
    private final String who;
    private final Workload workload;

    /**
     * @param endNanos the virtual time the run ended at, for the failure's line
     * @param tenant   the tenant's name
     * @param name     the workload's name in the scenario
     */
    WorkloadReport(SweepPoint point, long endNanos, String tenant, String name, Workload workload) {
        this.point = point;
        this.endNanos = endNanos;
        this.who = "tenant " + tenant + "'s workload '" + name + "' (" + Registry.originOf(workload.getClass()) + ")";
        this.workload = workload;
    }

    /** Returns the workload's latency histograms by label, or none when it records none. */
    SortedMap<String, Histogram> histograms() {
        if (!(workload instanceof LatencyRecording recording)) {
            return new TreeMap<>();
        }
        SortedMap<String, Histogram> histograms = guarded("handed over its latency histograms", recording::latencyHistograms);
        if (histograms == null || histograms.containsValue(null)) {
            throw RunFailure.at(point, endNanos, who + " handed over " + (histograms == null ? "no map" : "a null histogram")
                    + " as its latency histograms; accepted: a map of label to histogram, empty when it recorded none", null);
        }
        return histograms;
    }

    /** Returns the workload's own figures, prefixed, in the order it reports them, each checked. */
    Map<String, Number> figures() {
        Map<String, Number> figures = guarded("reported its figures", () -> Metrics.workload(workload));
        figures.forEach((column, value) -> {
            String name = column.substring(Metrics.WORKLOAD_PREFIX.length());
            if (value instanceof Long count && count < 0) {
                throw impossible("counter " + name + " = " + count + "; accepted: a count of 0 or more");
            }
            if (value instanceof Double rate && rate < 0 && Metrics.summedGauge(name)) {
                throw impossible("gauge " + name + " = " + rate + "; accepted: a rate of 0 or more, or NaN for one not measured");
            }
        });
        return figures;
    }

    private RunFailure impossible(String figure) {
        return RunFailure.at(point, endNanos, who + " reported " + figure, null);
    }

    private <T> T guarded(String doing, Supplier<T> call) {
        try {
            return call.get();
        } catch (RuntimeException | AssertionError | LinkageError | StackOverflowError e) {
            throw RunFailure.at(point, endNanos, who + " failed while it " + doing + ": " + RunFailure.thrown(e), e);
        }
    }
}
