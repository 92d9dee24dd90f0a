package org.overbook.perf.report;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.TimedResult;

/**
 * Writes the results folder of one run of a scenario file (one or several points).
 *
 * <h2>Design</h2>
 * Every file is a pure function of the results, so the same scenario and seed write byte-identical
 * {@code summary.csv}, {@code summary.json}, {@code .hgrm} files and {@code report.md}; the one figure that
 * is not deterministic, wall-clock time, goes to {@code timing.txt} alone. Columns come in a fixed order
 * ({@link Columns}): identification, host and NIC metrics, latency, host-wide totals, then workload metrics
 * sorted by name. Each file is written to a temporary name and renamed into place ({@link AtomicFiles}),
 * so a results folder may be incomplete after an interruption but never holds a truncated file. The
 * writer may be called after every point with the results so far; each call rewrites the files about the whole
 * run (summaries, charts by point, report), while a point's own files (its {@code .hgrm} files and time-series
 * charts, a function of that point's result alone) are written once, by the first call that holds it. So a run
 * of n points draws n sets of point charts, not n(n+1)/2, and the writing that goes on beside the next point's
 * simulation stays small. A point's files that a later call no longer holds (a density search's probes move up
 * one place when a probe is found below them) are removed, so the last call leaves the folder a single call would.
 * A run of more than {@link PointDetail#POINTS} points draws no point's time-series charts and gives each point a
 * row in {@code report.md} rather than a section: past that, drawing them took longer than simulating the points.
 *
 * <p>Memory. Such a run may have thousands of points, and a point's histograms and series take hundreds of kilobytes.
 * So a command hands each result to {@link #kept} as it finishes: past {@link PointDetail#POINTS} points, that writes
 * the point's {@code .hgrm} files and its rows of {@code timeseries.csv} and {@code resources.csv} (to a scratch file,
 * {@link RowSpool}) at once, and returns the result's summary ({@link RunResult#summary()}), all that every later write
 * needs of it; the series files are streamed to disk from the scratch file. A run shown point by point keeps its
 * results whole: its charts are drawn from them. {@link #close()} removes the scratch file.
 */
public final class ResultsWriter implements AutoCloseable {

    public static final String SUMMARY_CSV = "summary.csv";
    public static final String SUMMARY_JSON = "summary.json";
    public static final String TIMESERIES_CSV = "timeseries.csv";
    public static final String RESOURCES_CSV = "resources.csv";
    public static final String TIMING = "timing.txt";
    public static final String REPORT = "report.md";
    public static final String HGRM_SUFFIX = ".hgrm";
    /** The field of {@code summary.json} that an interrupted run's summary carries: how many of its points ran. */
    public static final String INCOMPLETE = "incomplete";
    /** The files about the whole run, which every write rewrites. */
    static final Set<String> WHOLE_RUN = Set.of(SUMMARY_CSV, SUMMARY_JSON, TIMESERIES_CSV, RESOURCES_CSV, TIMING, REPORT);
    /** A point's own files: {@code p<index>-<name>.hgrm} and its time-series charts, {@code p<index>-<name>.png}. */
    static final Pattern POINT_FILE = Pattern.compile("p[0-9]+-.+\\.(hgrm|png)");
    /** Latency values are virtual nanoseconds; {@code .hgrm} files show them in microseconds. */
    public static final double HGRM_UNIT_RATIO = 1000.0;
    /**
     * The folder of a command's runs in its results folder ({@code run-N}, one per simulation in the order they
     * started), removed when empty: only kept swap files ({@code host.keep-swap}) stay in it.
     */
    public static final String WORK = ".work";

    private final Path folder;
    /** Where the runs' kept swap files are, as the report names it: {@code server-host/} under it. */
    private final String keptSwap;
    /** The results whose {@code .hgrm} files are written, by identity (results are immutable). */
    private final Set<RunResult> histogramsWritten = Collections.newSetFromMap(new IdentityHashMap<>());
    /** The time-series charts drawn for each result already written, by identity. */
    private final Map<RunResult, List<Charts.Figure>> pointCharts = new IdentityHashMap<>();
    /** The charts across points the last write drew. */
    private List<String> acrossPoints = List.of();
    /** Why a point's charts could not be drawn, or an empty string. */
    private String pointChartFailure = "";
    /** Whether this writer has written the folder yet: its first write replaces an earlier run's files there. */
    private boolean written;
    /** The rows of {@code timeseries.csv} of the results {@link #kept} let go of, and of {@code resources.csv}. */
    private final RowSpool timeSeriesRows;
    private final RowSpool resourceRows;
    /** The points {@link #kept} has had a result of: a later result of one is a further replication. */
    private final Set<Integer> keptPoints = new HashSet<>();

    /** Returns a writer into {@code folder}, created if needed, whose runs kept their swap files in it. */
    public ResultsWriter(Path folder) {
        this.folder = Objects.requireNonNull(folder, "folder");
        this.keptSwap = "";
        this.timeSeriesRows = new RowSpool(folder);
        this.resourceRows = new RowSpool(folder);
    }

    /**
     * Returns a writer into {@code folder}, created if needed, whose runs each had a folder of their own
     * ({@code run-N}) in {@code workDirectory}, where they kept their swap files.
     */
    public ResultsWriter(Path folder, Path workDirectory) {
        this.folder = Objects.requireNonNull(folder, "folder");
        String relative = folder.toAbsolutePath().normalize().relativize(workDirectory.toAbsolutePath().normalize()).toString()
                .replace(java.io.File.separatorChar, '/');
        this.keptSwap = (relative.isEmpty() ? "" : relative + "/") + "run-N/";
        this.timeSeriesRows = new RowSpool(workDirectory);
        this.resourceRows = new RowSpool(workDirectory);
    }

    public Path folder() {
        return folder;
    }

    /**
     * Takes {@code timed}, a result of a run of {@code points} points (its replications counted once) as it finishes,
     * before any write holds it, and returns what the writes need of it from now on. A run shown point by point
     * ({@link PointDetail}) needs it whole, and has it back as it is; past that, its {@code .hgrm} files are written now
     * and its rows of the series files kept on disk, and its summary ({@link RunResult#summary()}) comes back, which is
     * what the caller should keep and hand to {@link #write}: the folder it writes is the same, byte for byte. A further
     * replication of a point has no files of its own (the folder shows each point's first), so nothing is written for it.
     */
    public TimedResult kept(TimedResult timed, int points) {
        RunResult result = timed.result();
        if (PointDetail.eachInFull(points) || !result.hasDetail()) {
            return timed;
        }
        RunResult summary = result.summary();
        if (!keptPoints.add(result.index())) {
            return timed.withResult(summary);
        }
        begin("0 of " + points + " points have been written");
        writeHistograms(result);
        histogramsWritten.add(summary);
        timeSeriesRows.add(summary, TimeSeriesCsv.rows(result));
        resourceRows.add(summary, ResourcesCsv.rows(result));
        return timed.withResult(summary);
    }

    /** Removes the scratch file of the rows {@link #kept} let go of; a later write can write only results it holds whole. */
    @Override
    public void close() {
        try {
            timeSeriesRows.close();
        } finally {
            resourceRows.close();
        }
    }

    /**
     * Writes every file for {@code results}, the points of the scenario file {@code source}, in point order.
     *
     * @return the folder
     */
    public Path write(String source, List<TimedResult> results) {
        return write(source, results, results.size());
    }

    /**
     * Writes every file for {@code results}, the first runs of a file of {@code points} runs (its points times its
     * replications), each point's
     * replications one after another in replication order ({@link Replicated}): while some
     * have not run, {@code report.md} and {@code timing.txt} say so at the top, so that the folder of a run
     * interrupted part way does not pass for a whole one.
     *
     * @return the folder
     */
    public Path write(String source, List<TimedResult> results, int points) {
        String missing = results.size() < points ? String.format(Locale.ROOT, "%d of %d points have run", results.size(), points)
                : "";
        return write(source, results, missing, String.format(Locale.ROOT, "0 of %d points have been written", points),
                expectedPoints(new Replicated(results), results.size(), points));
    }

    /**
     * Returns how many points a file of {@code runs} runs has, of which {@code held} have run: every point runs as
     * often as the first, so once a second point has run it is {@code runs} over the first point's replications;
     * before that, at most {@code runs}.
     */
    static int expectedPoints(Replicated replicated, int held, int runs) {
        List<TimedResult> primaries = replicated.primaries();
        if (held >= runs) {
            return primaries.size();
        }
        if (primaries.size() < 2) {
            return runs;
        }
        return runs / replicated.replications(primaries.getFirst().result().index());
    }

    /**
     * Writes every file for {@code results}, the points run so far of a run whose number of points is not known
     * yet (the probes of a density search still going), marked incomplete with {@code missing}, which says how far
     * it got ({@code 4 probes of an unfinished density search have run}) as {@link #write(String, List, int)} says
     * {@code 3 of 7 points have run}. The run's last call is {@link #write(String, List)}, which writes it whole.
     *
     * @return the folder
     */
    public Path writeUnfinished(String source, List<TimedResult> results, String missing) {
        if (missing.isEmpty()) {
            throw new IllegalArgumentException("an unfinished run says how far it got");
        }
        return write(source, results, missing, "no point has been written yet", new Replicated(results).primaries().size());
    }

    /**
     * Writes every file, marked incomplete with {@code missing} unless it is empty; {@code none} is what the
     * placeholder report of the first write says ({@code 0 of 7 points have been written}); {@code points} is how many
     * points the whole run has, which decides whether each is shown in full ({@link PointDetail}).
     */
    private Path write(String source, List<TimedResult> results, String missing, String none, int points) {
        begin(none);
        Replicated replicated = new Replicated(results);
        List<RunResult> every = results.stream().map(TimedResult::result).toList();
        results = replicated.primaries();
        List<RunResult> plain = results.stream().map(TimedResult::result).toList();
        List<String> columns = Columns.of(every);
        AtomicFiles.write(folder.resolve(SUMMARY_CSV), SummaryFiles.csv(every, columns, replicated.csv(columns)));
        AtomicFiles.write(folder.resolve(SUMMARY_JSON), SummaryFiles.json(plain, source, replicated, missing));
        AtomicFiles.write(folder.resolve(TIMESERIES_CSV), series(plain, TimeSeriesCsv.HEADER, timeSeriesRows, TimeSeriesCsv::rows));
        AtomicFiles.write(folder.resolve(RESOURCES_CSV), series(plain, ResourcesCsv.HEADER, resourceRows, ResourcesCsv::rows));
        String incomplete = missing.isEmpty() ? "" : String.format(Locale.ROOT, "INCOMPLETE: %s; this run was interrupted,"
                + " ended by a failure or is still going.%n", missing);
        AtomicFiles.write(folder.resolve(TIMING), incomplete + TimingText.of(results));
        boolean eachInFull = PointDetail.eachInFull(points);
        Charts charts = new Charts(folder);
        List<String> drawn = charts.write(plain, replicated, eachInFull);
        // a chart an earlier write drew and this one does not (the CDF, once the run has grown past PointDetail.POINTS)
        acrossPoints.stream().filter(name -> !drawn.contains(name)).sorted().forEach(this::delete);
        acrossPoints = List.copyOf(drawn);
        if (!eachInFull) {
            removePointCharts();
        }
        List<List<Charts.Figure>> figures = plain.stream().map(result -> pointFiles(result, eachInFull)).toList();
        removeStalePointFiles(plain);
        String failure = charts.failure().isEmpty() ? pointChartFailure : charts.failure();
        AtomicFiles.write(folder.resolve(REPORT), (incomplete.isEmpty() ? "" : "**" + incomplete.strip() + "**\n\n")
                + new Report(source, plain, drawn, figures, failure, keptSwap, eachInFull).markdown(this::hgrmName));
        return folder;
    }

    /**
     * Makes the folder and, at this writer's first call, clears an earlier run's files from it and publishes a
     * {@code report.md} saying the run is incomplete ({@code none} says how far it got).
     */
    private void begin(String none) {
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + folder, e);
        }
        if (!written) {
            EarlierRunFiles.removeFrom(folder);
            // Before any summary of this run is published: a report.md that says so, in place of an earlier run's
            // (or of none), so a folder interrupted while its first files are written never passes for a whole one.
            AtomicFiles.write(folder.resolve(REPORT), String.format(Locale.ROOT, "**INCOMPLETE: %s; this run was"
                    + " interrupted, ended by a failure or is still going.**%n", none));
            written = true;
        }
    }

    /**
     * Returns a series file of {@code results}: {@code header}, then each point's rows, from {@code spool} where they
     * are kept there, else made from the result by {@code rows}.
     */
    private static AtomicFiles.Content series(List<RunResult> results, String header, RowSpool spool,
                                              Function<RunResult, String> rows) {
        return out -> {
            out.write(header.getBytes(StandardCharsets.UTF_8));
            for (RunResult result : results) {
                if (spool.holds(result)) {
                    spool.copy(result, out);
                } else {
                    out.write(rows.apply(result).getBytes(StandardCharsets.UTF_8));
                }
            }
        };
    }

    /**
     * Removes from {@code folder} every file a results writer writes there, as {@link EarlierRunFiles#removeRun} does.
     *
     * @return whether {@code folder} was an earlier run's results folder
     */
    public static boolean removeRun(Path folder) {
        return EarlierRunFiles.removeRun(folder);
    }

    /**
     * Removes the point files this writer wrote for results that {@code current} no longer holds, and forgets those
     * results: a density search's curve numbers its probes in order of tenants, so a probe found between two others
     * moves those above it to the next point, and the files of their old places must not outlive it. A run or a
     * sweep, whose points only ever add up in order, has none.
     */
    private void removeStalePointFiles(List<RunResult> current) {
        Set<RunResult> kept = Collections.newSetFromMap(new IdentityHashMap<>());
        kept.addAll(current);
        Set<String> keep = new HashSet<>();
        current.forEach(result -> keep.addAll(pointFileNames(result)));
        for (RunResult gone : histogramsWritten.stream().filter(r -> !kept.contains(r)).toList()) {
            for (String name : pointFileNames(gone)) {
                if (!keep.contains(name)) {
                    delete(name);
                }
            }
            histogramsWritten.remove(gone);
            pointCharts.remove(gone);
            timeSeriesRows.forget(gone);
            resourceRows.forget(gone);
        }
    }

    /**
     * Removes every point's time-series charts drawn so far, for a write that shows no point in full: a run whose
     * number of points was not known at its first writes (a replicated one, before its second point ran) may have
     * drawn some.
     */
    private void removePointCharts() {
        pointCharts.values().forEach(figures -> figures.forEach(figure -> delete(figure.file())));
        pointCharts.clear();
    }

    private void delete(String name) {
        try {
            Files.deleteIfExists(folder.resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + folder.resolve(name), e);
        }
    }

    /** Returns the names of the files {@link #pointFiles} wrote for {@code result}, which must have written them. */
    private List<String> pointFileNames(RunResult result) {
        List<String> names = new ArrayList<>(result.histogramKeys().stream().map(key -> hgrmName(result, key)).toList());
        pointCharts.getOrDefault(result, List.of()).forEach(figure -> names.add(figure.file()));
        return names;
    }

    /**
     * Writes {@code result}'s own files, its {@code .hgrm} files and, when {@code charts}, its time-series charts,
     * unless already written; returns its charts (none without {@code charts}).
     */
    private List<Charts.Figure> pointFiles(RunResult result, boolean charts) {
        if (histogramsWritten.add(result)) {
            writeHistograms(result);
        }
        if (!charts) {
            return List.of();
        }
        List<Charts.Figure> figures = pointCharts.get(result);
        if (figures == null) {
            Charts drawing = new Charts(folder);
            figures = drawing.writeTimeSeries(result);
            if (pointChartFailure.isEmpty()) {
                pointChartFailure = drawing.failure();
            }
            pointCharts.put(result, figures);
        }
        return figures;
    }

    /** Writes the {@code .hgrm} file of each histogram of {@code result}. */
    private void writeHistograms(RunResult result) {
        for (Map.Entry<String, Histogram> e : result.histograms().entrySet()) {
            AtomicFiles.write(folder.resolve(hgrmName(result, e.getKey())), hgrm(e.getValue()));
        }
    }

    /** Returns the {@code .hgrm} file name of histogram {@code key} ({@code tenant/label}) of {@code result}. */
    public String hgrmName(RunResult result, String key) {
        return "p" + result.index() + "-" + key.replaceAll("[^A-Za-z0-9._-]", "-") + HGRM_SUFFIX;
    }

    static byte[] hgrm(Histogram histogram) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream stream = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            histogram.outputPercentileDistribution(stream, HGRM_UNIT_RATIO);
        }
        return bytes.toByteArray();
    }


}
