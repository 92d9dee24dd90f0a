package org.overbook.perf.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.overbook.guest.WorkloadRegistry;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.run.TenantRow;
import org.overbook.workloads.BuiltinWorkloads;

/**
 * The figures a plug-in workload reports of its own ({@code report(WorkloadMetrics)}) beyond those every tenant's row
 * shows (ops/s, hit ratio, mismatches): a table per plug-in workload of a point, a row per tenant that runs it, a
 * column per figure, as {@code report.md} and the terminal show them under the point's table. They are the plug-in's
 * account of its own work, which its author reads first; a built-in workload's further figures (memcached's server
 * counters, say) stay in {@code summary.csv} and {@code summary.json}, where every figure is.
 *
 * <p>A workload is a plug-in's when {@link BuiltinWorkloads} does not register its name: a plug-in cannot take a
 * built-in's name, so the name alone tells them apart, in a run as in a results folder read back. Columns are the
 * figures' names without the {@value Metrics#WORKLOAD_PREFIX} prefix, sorted as {@code summary.csv}'s workload columns
 * are; a figure a tenant does not report, or did not measure (NaN), is a blank cell.
 *
 * @param workload the plug-in workload's name
 * @param names    its figures' names, unprefixed, sorted
 * @param rows     a row per tenant that runs it, in the point's tenant order: its name, then a value per name
 */
public record OwnFigures(String workload, List<String> names, List<List<String>> rows) {

    /** The names of the built-in workloads. */
    private static final Set<String> BUILT_IN = builtInNames();
    /** The figures every tenant's row already shows. */
    private static final Set<String> SHOWN = Set.of(Metrics.THROUGHPUT, Metrics.HIT_RATIO, Metrics.MISMATCHES);

    public OwnFigures {
        names = List.copyOf(names);
        rows = rows.stream().map(List::copyOf).toList();
    }

    /** Returns a table per plug-in workload of {@code tenants} that reports a figure of its own, in order of first tenant. */
    public static List<OwnFigures> of(List<TenantRow> tenants) {
        Map<String, List<TenantRow>> byWorkload = new LinkedHashMap<>();
        for (TenantRow tenant : tenants) {
            if (!BUILT_IN.contains(tenant.workload())) {
                byWorkload.computeIfAbsent(tenant.workload(), w -> new ArrayList<>()).add(tenant);
            }
        }
        List<OwnFigures> out = new ArrayList<>();
        byWorkload.forEach((workload, runs) -> {
            Set<String> columns = new TreeSet<>();
            runs.forEach(tenant -> tenant.metrics().keySet().stream().filter(OwnFigures::own).forEach(columns::add));
            if (!columns.isEmpty()) {
                out.add(new OwnFigures(workload, columns.stream().map(c -> c.substring(Metrics.WORKLOAD_PREFIX.length())).toList(),
                        runs.stream().map(tenant -> row(tenant, columns)).toList()));
            }
        });
        return out;
    }

    /** Returns the tables as {@code report.md} gives them, each under a line naming its workload; empty if there are none. */
    public static String markdown(List<TenantRow> tenants) {
        StringBuilder out = new StringBuilder();
        for (OwnFigures table : of(tenants)) {
            out.append("`").append(table.workload).append("`, a plug-in workload, reports figures of its own (`workload.NAME`")
                    .append(" in `summary.csv` and `summary.json`):\n\n");
            out.append("| tenant | ").append(String.join(" | ", table.names)).append(" |\n|---|")
                    .append("---:|".repeat(table.names.size())).append('\n');
            table.rows.forEach(row -> out.append("| ").append(String.join(" | ", row)).append(" |\n"));
            out.append('\n');
        }
        return out.toString();
    }

    /**
     * Returns the tables as the terminal gives them, each after an empty line and under a line naming its workload,
     * columns as wide as their widest cell; empty if there are none.
     */
    public static String text(List<TenantRow> tenants) {
        StringBuilder out = new StringBuilder();
        for (OwnFigures table : of(tenants)) {
            out.append(String.format(Locale.ROOT, "%n%s (plug-in workload), its own figures:%n", table.workload));
            List<String> header = new ArrayList<>(List.of("tenant"));
            header.addAll(table.names);
            int[] widths = new int[header.size()];
            for (int i = 0; i < widths.length; i++) {
                int column = i;
                widths[i] = Math.max(header.get(i).length(), table.rows.stream().mapToInt(row -> row.get(column).length()).max().orElse(0));
            }
            line(out, header, widths);
            table.rows.forEach(row -> line(out, row, widths));
        }
        return out.toString();
    }

    /** A line of the terminal's table: the tenant left-aligned, the figures right-aligned, two spaces apart. */
    private static void line(StringBuilder out, List<String> cells, int[] widths) {
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-" + Math.max(widths[0], 10) + "s", cells.get(0)));
        for (int i = 1; i < cells.size(); i++) {
            line.append(String.format(Locale.ROOT, "  %" + widths[i] + "s", cells.get(i)));
        }
        out.append(line.toString().stripTrailing()).append(System.lineSeparator());
    }

    private static List<String> row(TenantRow tenant, Set<String> columns) {
        List<String> row = new ArrayList<>(List.of(tenant.name()));
        columns.forEach(column -> row.add(Columns.format(tenant.metrics().get(column))));
        return row;
    }

    private static boolean own(String column) {
        return column.startsWith(Metrics.WORKLOAD_PREFIX) && !SHOWN.contains(column);
    }

    private static Set<String> builtInNames() {
        WorkloadRegistry registry = new WorkloadRegistry();
        new BuiltinWorkloads().registerWorkloads(registry);
        return Set.copyOf(registry.descriptions().keySet());
    }
}
