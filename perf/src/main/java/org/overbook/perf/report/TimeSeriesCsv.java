package org.overbook.perf.report;

import java.math.BigDecimal;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.TimeSeries;

/**
 * {@code timeseries.csv}: the {@link TimeSeries} of every point in one tidy table, a row per point, sample and
 * tenant (in that order), a column per {@link TimeSeries.Series}. Page counts are the state at the sample's time;
 * fault counts are cumulative from time 0, so the fault counts of {@code summary.csv} are the last row of a
 * tenant minus its first {@code measured} row. {@code phase} is {@code warm-up} before the end of the warm-up
 * and {@code measured} from it on. Times are exact decimal milliseconds of virtual time; every value is an
 * integer, so the file is byte-identical for the same scenario and seed. A point's rows depend on it alone, so a
 * writer makes them once ({@link RowSpool}).
 */
final class TimeSeriesCsv {

    static final String WARM_UP = "warm-up";
    static final String MEASURED = "measured";

    private TimeSeriesCsv() {
    }

    /** The header line. */
    static final String HEADER = header();

    private static String header() {
        StringBuilder out = new StringBuilder("point,time_ms,phase,tenant,host");
        for (TimeSeries.Series series : TimeSeries.Series.all()) {
            out.append(',').append(series.column());
        }
        return out.append('\n').toString();
    }

    /** Returns the rows of {@code result}, which must hold its samples: a line per sample and tenant. */
    static String rows(RunResult result) {
        StringBuilder out = new StringBuilder();
        TimeSeries ts = result.timeSeries();
        for (int sample = 0; sample < ts.samples(); sample++) {
            String time = millis(ts.timeNanos(sample));
            String phase = sample < ts.warmUpSample() ? WARM_UP : MEASURED;
            for (int tenant = 0; tenant < ts.tenants().size(); tenant++) {
                out.append(result.index()).append(',').append(time).append(',').append(phase).append(',')
                        .append(Columns.csv(ts.tenants().get(tenant))).append(',')
                        .append(result.tenants().get(tenant).host());
                for (TimeSeries.Series series : TimeSeries.Series.all()) {
                    out.append(',').append(ts.value(sample, tenant, series));
                }
                out.append('\n');
            }
        }
        return out.toString();
    }

    /** Spells nanoseconds as exact milliseconds ({@code 12.5}, {@code 0}). */
    static String millis(long nanos) {
        return BigDecimal.valueOf(nanos, 6).stripTrailingZeros().toPlainString();
    }
}
