package org.overbook.perf.sensitivity;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.overbook.perf.report.AtomicFiles;
import org.overbook.perf.report.TornadoChart;

/**
 * Writes the results folder of a sensitivity study: {@code sensitivity.csv} and {@code sensitivity.md}
 * ({@link SensitivityReport}) and a tornado chart per subject ({@code tornado-<subject>.png}, its {@value #BARS} largest
 * moves).
 *
 * <p>A study still going may be written as it goes, each {@link StudyProgress} over the last: {@code sensitivity.md}
 * then opens with INCOMPLETE, says which estimates of which subjects were measured and which were not, and its tables
 * and the CSV hold the rows measured so far. The first write puts an INCOMPLETE {@code sensitivity.md} in place before
 * anything else (so a folder interrupted while its first files are written never passes for a whole study, nor keeps
 * an earlier study's, whose tornado charts it removes), and every write puts it last; a chart an earlier write drew and
 * this one does not is removed. So the write of the whole study leaves the folder byte for byte as a single write would.
 */
public final class SensitivityWriter {

    public static final String CSV = "sensitivity.csv";
    public static final String MARKDOWN = "sensitivity.md";
    private static final String CHART_PREFIX = "tornado-";
    private static final String CHART_SUFFIX = ".png";
    /** The most bars of a tornado chart. */
    static final int BARS = 12;

    private final Path folder;
    private final String setting;
    /** Whether this writer has written the folder yet. */
    private boolean written;
    /** The charts the last write drew. */
    private List<String> drawn = List.of();

    /**
     * Returns a writer into {@code folder}, created if needed; {@code setting} is the paragraph under the title of
     * {@code sensitivity.md} that says how the study was run.
     */
    public SensitivityWriter(Path folder, String setting) {
        this.folder = Objects.requireNonNull(folder, "folder");
        this.setting = Objects.requireNonNull(setting, "setting");
    }

    /**
     * Writes every file of {@code progress}, the whole study or what it had measured so far; returns a line per chart
     * not drawn, saying why ({@code tornado-part.png: nothing to draw}).
     */
    public List<String> write(StudyProgress progress) {
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the results folder " + folder, e);
        }
        if (!written) {
            removeEarlierCharts();
            AtomicFiles.write(folder.resolve(MARKDOWN), SensitivityReport.unfinished("no variant has been written yet"));
            written = true;
        }
        List<String> charts = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        for (String subject : progress.subjects()) {
            String chart = CHART_PREFIX + subject + CHART_SUFFIX;
            String failure = TornadoChart.write(folder, chart, subject + ": how far each headline moves with each estimate at"
                    + " -50 % and +50 %", bars(progress.rows(), subject));
            if (failure.isEmpty()) {
                charts.add(chart);
            } else {
                failures.add(chart + ": " + failure);
            }
        }
        drawn.stream().filter(chart -> !charts.contains(chart)).forEach(chart -> AtomicFiles.remove(folder.resolve(chart)));
        drawn = List.copyOf(charts);
        List<Sensitivity.Row> rows = progress.rows();
        AtomicFiles.write(folder.resolve(CSV), SensitivityReport.csv(rows));
        AtomicFiles.write(folder.resolve(MARKDOWN), (progress.complete() ? "" : SensitivityReport.unfinished(progress))
                + SensitivityReport.markdown(rows, setting, charts));
        return failures;
    }

    /** Returns the bars of {@code subject}'s chart: its rows' moves, the largest first. */
    private static List<TornadoChart.Bar> bars(List<Sensitivity.Row> rows, String subject) {
        return rows.stream().filter(r -> r.subject().equals(subject))
                .sorted(Comparator.comparingDouble(SensitivityReport::swing).reversed())
                .limit(BARS).map(r -> new TornadoChart.Bar(r.estimate().name() + ": " + r.headline(), r.lowChange(), r.highChange()))
                .toList();
    }

    /**
     * Removes the tornado charts an earlier study wrote into this folder, whose subjects this one may not have, so that
     * the folder never mixes two studies; only in a folder that holds an earlier study's {@value #CSV}, and only files
     * named as its charts are.
     */
    private void removeEarlierCharts() {
        if (!Files.exists(folder.resolve(CSV))) {
            return;
        }
        try (Stream<Path> files = Files.list(folder)) {
            files.filter(file -> {
                String name = file.getFileName().toString();
                return name.startsWith(CHART_PREFIX) && name.endsWith(CHART_SUFFIX) && Files.isRegularFile(file);
            }).toList().forEach(AtomicFiles::remove);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + folder, e);
        }
    }
}
