package org.overbook.perf.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.SampleSize;
import org.overbook.perf.run.TenantRow;

/** Marks the terminal table's under-sampled percentiles ({@link SampleSize}) with a {@code *} and explains them under it. */
final class SampleSizeNote {

    private SampleSizeNote() {
    }

    /** Returns {@code cell} with a {@code *} when percentile {@code column} of {@code metrics} is under-sampled. */
    static String mark(String cell, Map<String, Number> metrics, String column) {
        return SampleSize.undersampled(metrics, column) ? cell + "*" : cell;
    }

    /** Prints a line naming every under-sampled percentile of {@code result}'s tenants, or nothing. */
    static void print(PrintWriter out, RunResult result) {
        List<String> notes = new ArrayList<>();
        for (TenantRow row : result.tenants()) {
            SampleSize.describe(row.metrics()).forEach(d -> notes.add(row.name() + " " + d));
        }
        SampleSize.describe(result.total()).forEach(d -> notes.add("total " + d));
        if (!notes.isEmpty()) {
            out.printf("* under-sampled (fewer than %d requests above the percentile): %s%n", SampleSize.TAIL_SAMPLES,
                    String.join("; ", notes));
        }
    }
}
