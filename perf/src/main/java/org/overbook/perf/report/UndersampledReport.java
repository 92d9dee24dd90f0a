package org.overbook.perf.report;

import java.util.ArrayList;
import java.util.List;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.SampleSize;
import org.overbook.perf.run.TenantRow;

/** The report.md line under a point's table naming its under-sampled latency percentiles ({@link SampleSize}). */
final class UndersampledReport {

    private UndersampledReport() {
    }

    /** Returns the paragraph for {@code result}, or an empty string when every percentile has enough requests. */
    static String point(RunResult result) {
        List<String> notes = new ArrayList<>();
        for (TenantRow row : result.tenants()) {
            SampleSize.describe(row.metrics()).forEach(d -> notes.add("`" + row.name() + "` " + d));
        }
        SampleSize.describe(result.total()).forEach(d -> notes.add("the total's " + d));
        if (notes.isEmpty()) {
            return "";
        }
        return "**Under-sampled percentiles** (fewer than " + SampleSize.TAIL_SAMPLES + " requests above the percentile,"
                + " so one request moves it; the column `latency_<p>_undersampled` of summary.csv is 1): "
                + String.join("; ", notes) + ".\n\n";
    }
}
