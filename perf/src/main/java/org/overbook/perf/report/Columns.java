package org.overbook.perf.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.TenantRow;

/** The metric columns of a set of results, in a stable order, and how a value is spelled. */
final class Columns {

    /** Host-wide figures that only the total row carries. */
    static final List<String> TOTAL_ONLY = List.of("host_swap_writes", "host_swap_reads", Metrics.SWAP_PEAK_BYTES, "host_reclaim_runs",
            "nic_tlb_fairness", "balloon_reallocations");

    private Columns() {
    }

    /** Returns the fixed host, NIC and latency columns, then every other metric of {@code results}, sorted. */
    static List<String> of(List<RunResult> results) {
        Set<String> fixed = new LinkedHashSet<>(Metrics.HOST_COLUMNS);
        fixed.addAll(Metrics.LATENCY_COLUMNS);
        fixed.addAll(TOTAL_ONLY);
        Set<String> rest = new TreeSet<>();
        for (RunResult result : results) {
            for (TenantRow row : result.tenants()) {
                rest.addAll(row.metrics().keySet());
            }
            rest.addAll(result.total().keySet());
        }
        rest.removeAll(fixed);
        List<String> out = new ArrayList<>(fixed);
        out.addAll(rest);
        return out;
    }

    /** Spells a value the same way on every machine: integers in full, other numbers to 9 significant digits. */
    static String format(Number value) {
        if (value == null) {
            return "";
        }
        if (value instanceof Long || value instanceof Integer) {
            return value.toString();
        }
        double d = value.doubleValue();
        if (!Double.isFinite(d)) {
            return "";
        }
        if (d == 0) {
            return "0";
        }
        return BigDecimal.valueOf(d).round(new MathContext(9)).stripTrailingZeros().toPlainString();
    }

    /** Quotes a CSV field when it holds a comma, a quote or a line break. */
    static String csv(String field) {
        if (field.contains(",") || field.contains("\"") || field.contains("\n")) {
            return "\"" + field.replace("\"", "\"\"") + "\"";
        }
        return field;
    }
}
