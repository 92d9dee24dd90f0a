package org.overbook.perf.sensitivity;

import static org.overbook.perf.reproduce.ReproduceReport.exact;
import static org.overbook.perf.reproduce.ReproduceReport.quote;
import static org.overbook.perf.reproduce.ReproduceReport.shown;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A sensitivity study's results as text: {@code sensitivity.md} (the ranking of the estimates, then a table per
 * subject, its rows by how far the figure moved), {@code sensitivity.csv} (every row, exact) and the same ranking on
 * the terminal ({@link SensitivityWriter} writes the files). Pure functions of the rows, so the same study writes the
 * same bytes.
 */
public final class SensitivityReport {

    private SensitivityReport() {
    }

    /** Returns, per estimate, its largest swing and where: the ranking, largest first. */
    static List<Sensitivity.Row> ranking(List<Sensitivity.Row> rows) {
        Map<String, Sensitivity.Row> largest = new LinkedHashMap<>();
        for (Sensitivity.Row row : rows) {
            largest.merge(row.estimate().name(), row, (a, b) -> swing(b) > swing(a) ? b : a);
        }
        List<Sensitivity.Row> out = new ArrayList<>(largest.values());
        out.sort(Comparator.comparingDouble(SensitivityReport::swing).reversed());
        return out;
    }

    /** Returns how far {@code row}'s figure moved, for sorting: its swing, or -1 (last) when undefined. */
    static double swing(Sensitivity.Row row) {
        return Double.isNaN(row.swing()) ? -1 : row.swing();
    }

    /** Prints the ranking: an estimate a line, its largest move and the figure it moved. */
    public static void print(PrintWriter out, List<Sensitivity.Row> rows) {
        out.println("which estimates matter (each varied by -50 % and +50 %, one at a time; the largest move of any headline):");
        for (Sensitivity.Row row : ranking(rows)) {
            out.printf("  %-32s %8s  %s: %s (%s at -50 %%, %s at +50 %%)%s%n", row.estimate().name(), percent(row.swing()),
                    row.subject(), row.headline(), percent(row.lowChange()), percent(row.highChange()),
                    note(row));
        }
    }

    static String csv(List<Sensitivity.Row> rows) {
        StringBuilder out = new StringBuilder("subject,estimate,value,headline,base,base_ci95_low,base_ci95_high,low,high,"
                + "change_low,change_high\n");
        for (Sensitivity.Row r : rows) {
            out.append(String.join(",", r.subject(), r.estimate().name().replace(' ', '.'), r.value(), quote(r.headline()),
                    exact(r.base().mean()), exact(r.base().low()), exact(r.base().high()), exact(r.low().mean()),
                    exact(r.high().mean()), exact(r.lowChange()), exact(r.highChange()))).append('\n');
        }
        return out.toString();
    }

    /**
     * Returns the line that opens the {@code sensitivity.md} of a study not over, saying how far it got:
     * {@code **INCOMPLETE: no variant has been written yet; this sensitivity study was interrupted, ended by a failure or is still going.**}.
     */
    static String unfinished(String howFar) {
        return "**INCOMPLETE: " + howFar + "; this sensitivity study was interrupted, ended by a failure or is still going.**\n";
    }

    /**
     * Returns what opens the {@code sensitivity.md} of a study not over: how far it got, then, per subject, the
     * estimates measured (whose rows the tables hold) and those not.
     */
    static String unfinished(StudyProgress progress) {
        StringBuilder out = new StringBuilder(unfinished(progress.run() + " of " + progress.variants() + " variants have run"
                + " (each subject unchanged, then each estimate it uses at -50 % and at +50 %)")).append('\n');
        out.append("Measured, in the tables below:").append(bySubject(progress.measured())).append('\n');
        out.append("Not measured:").append(bySubject(progress.unmeasured())).append('\n');
        return out.toString();
    }

    /** Returns a list item per subject naming its estimates, or {@code none}. */
    private static String bySubject(Map<String, List<String>> estimates) {
        if (estimates.isEmpty()) {
            return " none.\n";
        }
        StringBuilder out = new StringBuilder("\n\n");
        estimates.forEach((subject, names) -> out.append("- ").append(subject).append(": ").append(String.join(", ", names))
                .append('\n'));
        return out.toString();
    }

    /** Returns the ranking and the per-subject tables as Markdown: what docs/VALIDATION.md quotes. */
    public static String markdown(List<Sensitivity.Row> rows, String setting, List<String> charts) {
        StringBuilder out = new StringBuilder("# Sensitivity to Overbook's estimates\n\n");
        out.append(setting).append("\n\n");
        out.append("| estimate | largest move | where | at -50 % | at +50 % |\n|---|--:|---|--:|--:|\n");
        for (Sensitivity.Row r : ranking(rows)) {
            out.append("| ").append(r.estimate().name()).append(" (").append(r.value()).append(") | ").append(percent(r.swing()))
                    .append(note(r)).append(" | ").append(r.subject()).append(": ").append(r.headline())
                    .append(" | ").append(percent(r.lowChange())).append(" | ").append(percent(r.highChange())).append(" |\n");
        }
        Map<String, List<Sensitivity.Row>> bySubject = new LinkedHashMap<>();
        rows.forEach(r -> bySubject.computeIfAbsent(r.subject(), s -> new ArrayList<>()).add(r));
        bySubject.forEach((subject, subjectRows) -> {
            out.append("\n## ").append(subject).append("\n\n");
            out.append("| estimate | headline | unchanged (95 % CI) | at -50 % | at +50 % |\n|---|---|--:|--:|--:|\n");
            List<Sensitivity.Row> sorted = new ArrayList<>(subjectRows);
            sorted.sort(Comparator.comparingDouble(SensitivityReport::swing).reversed());
            for (Sensitivity.Row r : sorted) {
                out.append("| ").append(r.estimate().name()).append(" | ").append(r.headline()).append(" | ")
                        .append(shown(r.base().mean())).append(" [").append(shown(r.base().low())).append(", ")
                        .append(shown(r.base().high())).append("] | ").append(percent(r.lowChange())).append(" | ")
                        .append(percent(r.highChange())).append(" |\n");
            }
        });
        if (!charts.isEmpty()) {
            out.append("\nTornado charts:");
            charts.forEach(c -> out.append(" [").append(c).append("](").append(c).append(")"));
            out.append('\n');
        }
        return out.toString();
    }

    /** Says when a move means nothing: no effect at all, or one within the unchanged figure's 95 % interval. */
    static String note(Sensitivity.Row row) {
        if (row.noEffect()) {
            return " (no effect)";
        }
        return row.beyondNoise() ? "" : " (within the seeds' noise)";
    }

    /** A change as a signed percentage with one decimal: {@code +12.3 %}; {@code -} when undefined. */
    static String percent(double fraction) {
        return Double.isFinite(fraction) ? String.format(Locale.ROOT, "%+.1f %%", fraction * 100) : "-";
    }
}
