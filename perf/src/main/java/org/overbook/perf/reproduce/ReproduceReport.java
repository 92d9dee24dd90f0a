package org.overbook.perf.reproduce;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.overbook.perf.report.AtomicFiles;
import org.overbook.perf.report.ResultsWriter;

/**
 * The model beside the paper: a table on the terminal, {@code reproduce.csv} and {@code reproduce.md}. Both
 * files are pure functions of the figures (no wall-clock time, numbers spelled the same on every machine),
 * so the same presets write the same bytes.
 */
public final class ReproduceReport {

    public static final String CSV = "reproduce.csv";
    public static final String MARKDOWN = "reproduce.md";
    private static final String[] HEADER = {"preset", "figure", "paper", "model", "model/paper", "shape", "holds"};

    private ReproduceReport() {
    }

    /** Returns every figure of {@code results}, preset after preset. */
    static List<FigureResult> figures(List<Reproduction.PresetResult> results) {
        return results.stream().flatMap(r -> r.figures().stream()).toList();
    }

    /** Prints the table, then any figure that could not be computed and why. */
    public static void print(PrintWriter out, List<Reproduction.PresetResult> results) {
        List<String[]> rows = new ArrayList<>();
        rows.add(HEADER);
        for (FigureResult f : figures(results)) {
            rows.add(row(f));
        }
        int[] widths = new int[HEADER.length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                boolean number = i >= 2 && i <= 4;
                String cell = number ? " ".repeat(widths[i] - row[i].length()) + row[i] : row[i] + " ".repeat(widths[i] - row[i].length());
                line.append(i == 0 ? "" : "  ").append(cell);
            }
            out.println(line.toString().stripTrailing());
        }
        for (FigureResult f : figures(results)) {
            if (!f.problem().isEmpty()) {
                out.printf("%s, %s: not computed: %s%n", f.preset().name(), f.figure().name(), f.problem());
            }
        }
        long holding = figures(results).stream().filter(FigureResult::holds).count();
        out.printf("%d of %d shapes hold%n", holding, figures(results).size());
    }

    /** Writes {@code reproduce.csv} and {@code reproduce.md} into {@code folder}. */
    public static void write(Path folder, List<Reproduction.PresetResult> results, boolean quick) {
        AtomicFiles.write(folder.resolve(CSV), csv(results));
        AtomicFiles.write(folder.resolve(MARKDOWN), markdown(folder, results, quick));
    }

    static String csv(List<Reproduction.PresetResult> results) {
        StringBuilder out = new StringBuilder("preset,figure,paper,model,model_over_paper,shape,holds\n");
        for (FigureResult f : figures(results)) {
            out.append(f.preset().name()).append(',').append(quote(f.figure().name())).append(',')
                    .append(exact(f.figure().paper())).append(',').append(exact(f.model())).append(',')
                    .append(exact(f.ratio())).append(',').append(quote(f.figure().shape().text())).append(',')
                    .append(f.holds() ? "yes" : "no").append('\n');
        }
        return out.toString();
    }

    static String markdown(Path folder, List<Reproduction.PresetResult> results, boolean quick) {
        StringBuilder out = new StringBuilder("# The seed papers' headline results, re-run\n\n");
        if (quick) {
            out.append("Reduced size (`--quick`): shorter runs and smaller memories than the presets' full scenarios, for a "
                    + "smoke test; a shape may differ from the full run's.\n\n");
        }
        out.append("| ").append(String.join(" | ", HEADER)).append(" |\n");
        out.append("|---|---|--:|--:|--:|---|---|\n");
        for (FigureResult f : figures(results)) {
            out.append("| ").append(String.join(" | ", row(f))).append(" |\n");
        }
        for (Reproduction.PresetResult result : results) {
            Preset preset = result.preset();
            out.append("\n## ").append(preset.name()).append("\n\n").append(preset.claim()).append(".\n\n")
                    .append("Source: ").append(preset.source()).append(".\n\nResults:");
            result.folders().forEach((experiment, where) -> out.append(" [").append(folder.relativize(where)).append("](")
                    .append(folder.relativize(where.resolve(ResultsWriter.REPORT)).toString().replace('\\', '/')).append(")"));
            out.append('\n');
            for (FigureResult f : result.figures()) {
                if (!f.problem().isEmpty()) {
                    out.append("\n").append(f.figure().name()).append(": not computed: ").append(f.problem()).append('\n');
                }
            }
        }
        return out.toString();
    }

    private static String[] row(FigureResult f) {
        return new String[] {f.preset().name(), f.figure().name(), shown(f.figure().paper()), shown(f.model()), shown(f.ratio()),
                f.figure().shape().text(), f.holds() ? "yes" : "NO"};
    }

    /** Spells a figure for people: three significant digits, whole numbers from 100 up; {@code -} when absent. */
    static String shown(double value) {
        if (!Double.isFinite(value)) {
            return "-";
        }
        return Math.abs(value) >= 100 ? String.format(Locale.ROOT, "%.0f", value) : String.format(Locale.ROOT, "%.3g", value);
    }

    /** Spells a figure for files: six significant digits, never an exponent; empty when absent. */
    static String exact(double value) {
        if (!Double.isFinite(value)) {
            return "";
        }
        return value == 0 ? "0" : BigDecimal.valueOf(value).round(new MathContext(6)).stripTrailingZeros().toPlainString();
    }

    private static String quote(String field) {
        return field.contains(",") || field.contains("\"") ? '"' + field.replace("\"", "\"\"") + '"' : field;
    }
}
