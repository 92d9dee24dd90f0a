package org.overbook.perf.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.overbook.perf.report.PointFigures;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.SampleSize;
import org.overbook.perf.run.SteadyState;
import org.overbook.perf.run.TenantRow;

/**
 * The terminal table's caveats: a {@code *} on an under-sampled percentile ({@link SampleSize}) with a line
 * naming them under the table, and a line naming the load generators still loading when the measured window
 * opened ({@link SteadyState}).
 */
final class CaveatLines {

    private CaveatLines() {
    }

    /** Returns {@code cell} with a {@code *} when percentile {@code column} of {@code metrics} is under-sampled. */
    static String mark(String cell, Map<String, Number> metrics, String column) {
        return SampleSize.undersampled(metrics, column) ? cell + "*" : cell;
    }

    /** Prints a line naming the load generators still loading when {@code result}'s measured window opened, or nothing. */
    static void printSteadyState(PrintWriter out, RunResult result) {
        List<String> loading = SteadyState.loading(result);
        if (!loading.isEmpty()) {
            out.printf("not in steady state when the measured window opened: %s%n", String.join("; ", loading));
        }
    }

    /** Prints a line naming every under-sampled percentile of a point's tenants and total, or nothing. */
    static void printSampleSize(PrintWriter out, PointFigures point) {
        List<String> notes = new ArrayList<>();
        for (TenantRow row : point.tenants()) {
            SampleSize.describe(row.metrics()).forEach(d -> notes.add(row.name() + " " + d));
        }
        SampleSize.describe(point.total()).forEach(d -> notes.add("total " + d));
        if (!notes.isEmpty()) {
            out.printf("* under-sampled (fewer than %d requests above the percentile): %s%n", SampleSize.TAIL_SAMPLES,
                    String.join("; ", notes));
        }
    }
}
