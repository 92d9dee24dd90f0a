package org.overbook.perf.report;

import java.util.ArrayList;
import java.util.List;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.SampleSize;
import org.overbook.perf.run.SteadyState;
import org.overbook.perf.run.TenantRow;

/**
 * The report.md lines under a point's table saying what not to trust in it: load generators still in their load
 * phase when the measured window opened ({@link SteadyState}) and under-sampled latency percentiles
 * ({@link SampleSize}).
 */
final class Caveats {

    private Caveats() {
    }

    /** Returns the paragraphs for {@code result}, or an empty string when it has nothing to warn of. */
    static String point(RunResult result) {
        List<String> loading = SteadyState.loading(result);
        String steady = loading.isEmpty() ? "" : "**Not in steady state**: load generators were still in their load phase"
                + " when the measured window opened, so this point measured loading, not the workload: "
                + String.join("; ", loading) + ". Lengthen the warm-up.\n\n";
        return steady + undersampled(result);
    }

    private static String undersampled(RunResult result) {
        List<String> notes = new ArrayList<>();
        // a percentile the table leaves blank (it would merge kinds of request: LatencyKinds) is not warned of
        for (TenantRow row : result.tenants()) {
            if (!LatencyKinds.mixed(result, row.name())) {
                SampleSize.describe(row.metrics()).forEach(d -> notes.add("`" + row.name() + "` " + d));
            }
        }
        if (!LatencyKinds.mixed(result)) {
            SampleSize.describe(result.total()).forEach(d -> notes.add("the total's " + d));
        }
        if (notes.isEmpty()) {
            return "";
        }
        return "**Under-sampled percentiles** (fewer than " + SampleSize.TAIL_SAMPLES + " requests above the percentile,"
                + " so one request moves it; the column `latency_<p>_undersampled` of summary.csv is 1): "
                + String.join("; ", notes) + ".\n\n";
    }
}
