package org.overbook.perf.reproduce;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.overbook.perf.report.AtomicFiles;
import org.overbook.perf.report.Interval;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.report.TextTable;

/**
 * The model beside the paper: a table on the terminal (model, paper, ratio, 95 % interval when replicated,
 * verdict), {@code reproduce.csv} and {@code reproduce.md}. Both
 * files are pure functions of the figures (no wall-clock time, numbers spelled the same on every machine),
 * so the same presets write the same bytes.
 */
public final class ReproduceReport {

    public static final String CSV = "reproduce.csv";
    public static final String MARKDOWN = "reproduce.md";
    private static final String[] HEADER = {"preset", "figure", "paper", "model", "95 % CI", "model/paper", "check", "verdict"};

    private ReproduceReport() {
    }

    /** Returns every figure of {@code results}, preset after preset. */
    static List<FigureResult> figures(List<Reproduction.PresetResult> results) {
        return results.stream().flatMap(r -> r.figures().stream()).toList();
    }

    /** Returns whether any figure's verdict is a failure ({@link Verdict#fails()}): what {@code --strict} exits 1 on. */
    public static boolean anyFails(List<Reproduction.PresetResult> results) {
        return figures(results).stream().anyMatch(f -> f.verdict().fails());
    }

    /** Prints the table, then its notes ({@link #notes}), then the count of each verdict. */
    public static void print(PrintWriter out, List<Reproduction.PresetResult> results) {
        // the numbers (paper, model, interval, ratio) aligned right
        TextTable table = new TextTable("  ", false, false, true, true, true, true, false, false).row(HEADER);
        figures(results).forEach(f -> table.row(row(f)));
        table.print(out);
        for (String note : notes(results)) {
            out.println(note);
        }
        out.println(tally(results));
    }

    /**
     * Returns a line per figure not judged (why it holds by construction), not computed (what is missing), or the
     * worst of its parts (each part's value: {@code by message size: 8 B 1.76, 4 KiB 1.00, ...}).
     */
    static List<String> notes(List<Reproduction.PresetResult> results) {
        List<String> notes = new ArrayList<>();
        for (FigureResult f : figures(results)) {
            String figure = f.preset().name() + ", " + f.figure().name() + ": ";
            if (f.figure().isByConstruction()) {
                notes.add(figure + "by construction: " + f.figure().byConstruction());
            } else if (!f.problem().isEmpty()) {
                notes.add(figure + "not computed: " + f.problem());
            } else if (!f.parts().isEmpty()) {
                List<String> parts = new ArrayList<>();
                f.parts().forEach((part, value) -> parts.add(part + " " + shown(value)));
                notes.add(figure + f.figure().parts().orElseThrow().what() + ": " + String.join(", ", parts));
            }
        }
        return notes;
    }

    /** Returns how many figures got each verdict: {@code 9 within ±25 %, 3 OUTSIDE, ...}. */
    static String tally(List<Reproduction.PresetResult> results) {
        Map<Verdict, Long> counts = new EnumMap<>(Verdict.class);
        figures(results).forEach(f -> counts.merge(f.verdict(), 1L, Long::sum));
        List<String> parts = new ArrayList<>();
        counts.forEach((verdict, count) -> parts.add(count + " " + verdict.text()));
        int total = figures(results).size();
        return total + (total == 1 ? " figure: " : " figures: ") + String.join(", ", parts);
    }

    /** Writes {@code reproduce.csv} and {@code reproduce.md} into {@code folder}. */
    public static void write(Path folder, List<Reproduction.PresetResult> results, boolean quick) {
        AtomicFiles.write(folder.resolve(CSV), csv(results));
        AtomicFiles.write(folder.resolve(MARKDOWN), markdown(folder, results, quick));
    }

    static String csv(List<Reproduction.PresetResult> results) {
        StringBuilder out = new StringBuilder("preset,figure,paper,model,ci95_low,ci95_high,model_over_paper,check,verdict\n");
        for (FigureResult f : figures(results)) {
            out.append(f.preset().name()).append(',').append(quote(f.figure().name())).append(',')
                    .append(exact(f.figure().paper())).append(',').append(exact(f.model())).append(',')
                    .append(exact(f.interval().map(Interval::low).orElse(Double.NaN))).append(',')
                    .append(exact(f.interval().map(Interval::high).orElse(Double.NaN))).append(',')
                    .append(exact(f.ratio())).append(',').append(quote(check(f.figure()))).append(',')
                    .append(f.verdict().token()).append('\n');
        }
        return out.toString();
    }

    /**
     * Returns the figure table as Markdown, then the notes and the tally: what {@code reproduce.md} opens with and
     * what the README's generated block holds ({@link ReadmeBlock}).
     */
    public static String table(List<Reproduction.PresetResult> results) {
        StringBuilder out = new StringBuilder();
        out.append("| ").append(String.join(" | ", HEADER)).append(" |\n");
        out.append("|---|---|--:|--:|--:|--:|---|---|\n");
        for (FigureResult f : figures(results)) {
            out.append("| ").append(String.join(" | ", row(f))).append(" |\n");
        }
        out.append('\n');
        for (String note : notes(results)) {
            out.append("- ").append(note).append('\n');
        }
        out.append("\n").append(tally(results)).append(".\n");
        return out.toString();
    }

    static String markdown(Path folder, List<Reproduction.PresetResult> results, boolean quick) {
        StringBuilder out = new StringBuilder("# The papers' headline results, re-run\n\n");
        if (quick) {
            out.append("Reduced size (`--quick`): shorter runs and smaller memories than the presets' full scenarios, for a "
                    + "smoke test; a verdict may differ from the full run's.\n\n");
        }
        out.append("A figure the paper gives a number for holds when model / paper lies in [0.75, 1.25] (and its shape "
                + "holds); one the paper states as a shape only, when the shape holds. A verdict names each check that fails: "
                + "OUTSIDE the band, SHAPE FAILS the shape, OUTSIDE and SHAPE FAILS both.\n\n");
        out.append(table(results));
        for (Reproduction.PresetResult result : results) {
            Preset preset = result.preset();
            out.append("\n## ").append(preset.name()).append("\n\n").append(preset.claim()).append(".\n\n")
                    .append("Source: ").append(preset.source()).append(".\n\nResults:");
            result.folders().forEach((experiment, where) -> out.append(" [").append(folder.relativize(where)).append("](")
                    .append(folder.relativize(where.resolve(ResultsWriter.REPORT)).toString().replace('\\', '/')).append(")"));
            out.append('\n');
        }
        return out.toString();
    }

    private static String[] row(FigureResult f) {
        String interval = f.interval().map(i -> "[" + shown(i.low()) + ", " + shown(i.high()) + "]").orElse("-");
        return new String[] {f.preset().name(), f.figure().name(), shown(f.figure().paper()), shown(f.model()), interval,
                shown(f.ratio()), check(f.figure()), f.verdict().text()};
    }

    /** Returns what the figure is checked against: the band around the paper's value and the shape, or the shape. */
    static String check(Figure figure) {
        if (figure.isByConstruction()) {
            return "-";
        }
        return figure.hasPaperValue() ? Verdict.BAND + "; " + figure.shape().text() : figure.shape().text();
    }

    /** Spells a figure for people: three significant digits, whole numbers from 100 up; {@code -} when absent. */
    public static String shown(double value) {
        if (!Double.isFinite(value)) {
            return "-";
        }
        return Math.abs(value) >= 100 ? String.format(Locale.ROOT, "%.0f", value) : String.format(Locale.ROOT, "%.3g", value);
    }

    /** Spells a figure for files: six significant digits, never an exponent; empty when absent. */
    public static String exact(double value) {
        if (!Double.isFinite(value)) {
            return "";
        }
        return value == 0 ? "0" : BigDecimal.valueOf(value).round(new MathContext(6)).stripTrailingZeros().toPlainString();
    }

    /** Quotes a CSV field that holds a comma or a quote (RFC 4180). */
    public static String quote(String field) {
        return field.contains(",") || field.contains("\"") ? '"' + field.replace("\"", "\"\"") + '"' : field;
    }
}
