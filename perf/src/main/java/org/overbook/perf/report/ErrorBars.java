package org.overbook.perf.report;

import java.util.ArrayList;
import java.util.List;
import org.overbook.perf.run.RunResult;

/**
 * One bar per point and its error bar: for a point run more than once, the mean over its replications and the
 * half-width of its 95 % confidence interval ({@link Interval}); for a point run once, its value and no error.
 *
 * @param values the bars, in the chart's unit
 * @param errors the half-widths, 0 where a point ran once
 * @param most   the most replications of any point
 */
record ErrorBars(List<Double> values, List<Double> errors, int most) {

    /** Returns the bars of total metric {@code metric} of {@code results}, divided by {@code unit}. */
    static ErrorBars of(List<RunResult> results, Replicated replicated, String metric, double unit) {
        List<Double> values = new ArrayList<>();
        List<Double> errors = new ArrayList<>();
        int most = 1;
        for (RunResult result : results) {
            Interval interval = replicated.replications(result.index()) > 1
                    ? replicated.intervals(result.index()).get(metric) : null;
            if (interval == null) {
                values.add(Charts.value(result, metric) / unit);
                errors.add(0.0);
            } else {
                values.add(interval.mean() / unit);
                errors.add(interval.halfWidth() / unit);
                most = Math.max(most, interval.n());
            }
        }
        return new ErrorBars(List.copyOf(values), List.copyOf(errors), most);
    }

    /** Returns whether any point has an error bar. */
    boolean any() {
        return most > 1;
    }

    /** Returns what a chart's title adds when it draws error bars. */
    String caption() {
        return any() ? " (mean of up to " + most + " replications, 95 % CI)" : "";
    }
}
