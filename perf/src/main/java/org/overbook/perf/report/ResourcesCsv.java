package org.overbook.perf.report;

import org.overbook.perf.run.ResourceSeries;
import org.overbook.perf.run.RunResult;

/**
 * {@code resources.csv}: every point's contended resources over the whole run, a row per point, sample and
 * resource, with cumulative counts from time 0: busy server-nanoseconds as the model booked them and as the
 * servers served them ({@link ResourceSeries}), requests and summed wait. An interval's utilisation is its
 * served difference over {@code servers} times its length; its mean wait the wait difference over the requests
 * difference. Times and phases are those of {@code timeseries.csv}; every value
 * is an integer, so the file is byte-identical for the same scenario and seed. A point's rows depend on it alone, so
 * a writer makes them once ({@link RowSpool}).
 */
final class ResourcesCsv {

    private ResourcesCsv() {
    }

    /** The header line. */
    static final String HEADER = "point,time_ms,phase,resource,servers,booked_ns,served_ns,requests,wait_ns\n";

    /** Returns the rows of {@code result}, which must hold its samples: a line per sample and resource. */
    static String rows(RunResult result) {
        StringBuilder out = new StringBuilder();
        ResourceSeries rs = result.resources();
        for (int sample = 0; rs.resources() > 0 && sample < rs.samples(); sample++) {
            String time = TimeSeriesCsv.millis(rs.timeNanos(sample));
            String phase = sample < rs.warmUpSample() ? TimeSeriesCsv.WARM_UP : TimeSeriesCsv.MEASURED;
            for (int r = 0; r < rs.resources(); r++) {
                out.append(result.index()).append(',').append(time).append(',').append(phase).append(',')
                        .append(rs.window(r).key()).append(',').append(rs.window(r).usage().servers()).append(',')
                        .append(rs.bookedNanos(sample, r)).append(',')
                        .append(rs.servedNanos(sample, r)).append(',').append(rs.requests(sample, r)).append(',')
                        .append(rs.waitNanos(sample, r)).append('\n');
            }
        }
        return out.toString();
    }
}
