package org.overbook.perf.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.overbook.guest.ConfigurationException;
import org.overbook.perf.report.CompareCsv;
import org.overbook.perf.report.CompareReport;
import org.overbook.perf.report.CompareTable;
import org.overbook.perf.report.Comparison;
import org.overbook.perf.report.PointFigures;
import org.overbook.perf.report.ResultsFolder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code overbook compare A B [--out DIR]}: two results folders, point by point where their points match, or two
 * points ({@code FOLDER:N}, N the point's index) of one folder or two. Prints what differs and the headline metrics
 * side by side with their ratio and difference (and Welch's test when the folders hold replications), and writes
 * {@code compare.md} (every metric) and {@code compare.png}. Past {@link org.overbook.perf.report.PointDetail#POINTS}
 * pairs it prints and writes a line per pair instead ({@link CompareTable}), and every metric to {@code compare.csv}.
 * Nothing is re-run. Exit 0; 2 when A or B is not a results folder or names a point it lacks.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compares two results folders where their points match, or two points (FOLDER:N).",
                "Every metric side by side with ratio and difference; Welch's t-test when replicated.",
                "Writes compare.md and compare.png (and, past 40 points, compare.csv)."})
final class CompareCommand implements Callable<Integer> {

    private static final Pattern POINT = Pattern.compile("(.+):([0-9]+)");
    private static final String FORMAT = "%-28s %14s %14s %10s %14s %s";

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "A", description = "A results folder, or FOLDER:N for its point N.")
    private String first;

    @Parameters(index = "1", paramLabel = "B", description = "A results folder, or FOLDER:N for its point N.")
    private String second;

    @Mixin
    private OutputOption output;

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        Side a = side(first, "A");
        Side b = side(second, "B");
        Comparison comparison = a.point == null && b.point == null
                ? Comparison.of(a.name(), a.folder.points(), b.name(), b.folder.points())
                : Comparison.points(a.name(), a.point != null ? a.point : only(a), b.name(), b.point != null ? b.point : only(b));
        Path folder = CompareReport.write(comparison, output.folder("compare"));
        stdout.printf("A: %s%nB: %s%n", comparison.nameA(), comparison.nameB());
        for (Side side : List.of(a, b)) {
            if (!side.folder.incomplete().isEmpty()) {
                stdout.printf("INCOMPLETE: %s %s: %s; its run was interrupted, ended by a failure, or is still going.%n",
                        side == a ? "A" : "B", side.folder.folder(), side.folder.incomplete());
            }
        }
        stdout.printf("%nfinding:%n");
        boolean eachInFull = CompareReport.eachInFull(comparison);
        (eachInFull ? CompareReport.summary(comparison) : CompareTable.summary(comparison))
                .forEach(s -> stdout.printf("  - %s%n", s.replace("`", "")));
        if (!comparison.onlyA().isEmpty() || !comparison.onlyB().isEmpty()) {
            stdout.printf("  - not compared (no match on the other side): %s (%s lists them all)%n", Stream.of(
                    unmatched("A", comparison.onlyA()), unmatched("B", comparison.onlyB())).filter(s -> !s.isEmpty())
                    .collect(Collectors.joining("; ")), CompareReport.MARKDOWN);
        }
        if (eachInFull) {
            comparison.pairs().forEach(pair -> print(stdout, pair));
            stdout.printf("%nevery metric: %s%n", folder.resolve(CompareReport.MARKDOWN).toAbsolutePath());
        } else {
            stdout.println();
            CompareTable.lines(comparison).forEach(stdout::println);
            stdout.printf("%nevery metric: %s (this table: %s)%n", folder.resolve(CompareCsv.FILE).toAbsolutePath(),
                    CompareReport.MARKDOWN);
        }
        stdout.flush();
        return 0;
    }

    /** How many points to name of a side's points that match none of the other side's; the rest are counted. */
    private static final int UNMATCHED_NAMED = 3;

    /**
     * Returns {@code A's 4 points (x=1, y=2), (x=1, y=3), (x=2, y=2) and 1 more}, a point's label in brackets since it
     * holds commas of its own; nothing for a side whose points all matched.
     */
    static String unmatched(String side, List<String> labels) {
        if (labels.isEmpty()) {
            return "";
        }
        String named = labels.stream().limit(UNMATCHED_NAMED).map(l -> "(" + l + ")").collect(Collectors.joining(", "));
        return side + "'s " + labels.size() + (labels.size() == 1 ? " point " : " points ") + named
                + (labels.size() > UNMATCHED_NAMED ? " and " + (labels.size() - UNMATCHED_NAMED) + " more" : "");
    }

    private static void print(PrintWriter out, Comparison.Pair pair) {
        out.printf("%n%s%n", pair.a().label().equals(pair.b().label()) ? "point " + pair.a().displayLabel()
                : "A's point " + pair.a().displayLabel() + " against B's point " + pair.b().displayLabel());
        int shown = Math.min(pair.differences().size(), 8);
        for (String difference : pair.differences().subList(0, shown)) {
            out.printf("  differs: %s%n", difference);
        }
        if (shown < pair.differences().size()) {
            out.printf("  ... and %d more fields (compare.md lists them)%n", pair.differences().size() - shown);
        }
        out.println(String.format(FORMAT, "metric", "A", "B", "B / A", "B - A", "Welch p"));
        for (String metric : CompareReport.HEADLINE) {
            Comparison.Row row = pair.row(metric);
            if (row != null) {
                out.println(String.format(FORMAT, metric, CompareReport.spell(metric, row.a()), CompareReport.spell(metric,
                        row.b()), CompareReport.ratio(row), CompareReport.spell(metric, row.difference()),
                        CompareReport.pValue(row)).stripTrailing());
            }
        }
    }

    /** A folder, and the point chosen in it or null for all. */
    private record Side(String text, ResultsFolder folder, PointFigures point) {
        String name() {
            return point == null ? text : folder.folder() + " point " + point.index() + " (" + point.displayLabel() + ")";
        }
    }

    private static Side side(String text, String option) {
        Path path = Path.of(text);
        Matcher m = POINT.matcher(text);
        if (!Files.isDirectory(path) && m.matches()) {
            ResultsFolder folder = ResultsFolder.read(Path.of(m.group(1)), option);
            // the index as written: digits past an int name no point either, and must say so, not fail to parse
            String index = m.group(2).replaceFirst("^0+(?=.)", "");
            PointFigures point = folder.points().stream().filter(p -> String.valueOf(p.index()).equals(index)).findFirst()
                    .orElseThrow(() -> new ConfigurationException(option, "'" + text + "': the folder has no point " + index
                            + "; accepted: 0 to " + (folder.points().size() - 1)));
            return new Side(text, folder, point);
        }
        int colon = text.lastIndexOf(':');
        if (!Files.isDirectory(path) && colon > 0 && Files.isDirectory(Path.of(text.substring(0, colon)))) {
            // FOLDER:first, FOLDER:p4: the folder is there, so "not a folder" would point away from the mistake
            ResultsFolder folder = ResultsFolder.read(Path.of(text.substring(0, colon)), option);
            throw new ConfigurationException(option, "'" + text + "': '" + text.substring(colon + 1) + "' is not a point number;"
                    + " accepted: FOLDER:N, N from 0 to " + (folder.points().size() - 1) + " as run, show and compare number them");
        }
        return new Side(text, ResultsFolder.read(path, option), null);
    }

    private static PointFigures only(Side side) {
        if (side.folder.points().size() != 1) {
            throw new ConfigurationException(side.text, "a folder of " + side.folder.points().size() + " points compared with"
                    + " one point; accepted: FOLDER:N to choose one of its points");
        }
        return side.folder.points().getFirst();
    }
}
