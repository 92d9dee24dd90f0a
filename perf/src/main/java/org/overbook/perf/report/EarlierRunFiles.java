package org.overbook.perf.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The files an earlier run left in a results folder, and their removal: a folder that holds a {@code summary.json}
 * is an earlier run's, and the files a {@link ResultsWriter} writes there are known by name (the files about the
 * whole run, a point's {@code p<index>-...} files, the charts across points). Nothing else in the folder is touched.
 */
final class EarlierRunFiles {

    private EarlierRunFiles() {
    }

    /**
     * Removes what an earlier run wrote into {@code folder} and a new run would not overwrite: its points' {@code .hgrm}
     * files and charts and the charts across points (a run of fewer points, or other tenants, would otherwise leave
     * them beside its own, one folder mixing two runs). Only in a folder that holds a {@code summary.json}, an earlier
     * results folder, and only those names; every other file there stays.
     */
    static void removeFrom(Path folder) {
        if (!Files.exists(folder.resolve(ResultsWriter.SUMMARY_JSON))) {
            return;
        }
        try (Stream<Path> files = Files.list(folder)) {
            for (Path file : files.filter(EarlierRunFiles::writtenByARun).toList()) {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove the earlier run's files from " + folder, e);
        }
    }

    /**
     * Removes from {@code folder} every file a results writer writes there, by name: the summaries, {@code timeseries.csv},
     * {@code resources.csv}, {@code timing.txt}, {@code report.md}, the points' {@code .hgrm} files and charts and the
     * charts across points; only if it holds a {@code summary.json} (an earlier run's results folder), and nothing else:
     * every other file stays, and so does the folder. {@code summary.json} goes last, so that a removal cut short leaves
     * a folder still known for an earlier run's.
     *
     * @return whether {@code folder} was an earlier run's results folder
     */
    static boolean removeRun(Path folder) {
        Path summary = folder.resolve(ResultsWriter.SUMMARY_JSON);
        if (!Files.isRegularFile(summary)) {
            return false;
        }
        try (Stream<Path> files = Files.list(folder)) {
            for (Path file : files.filter(file -> !file.equals(summary) && (writtenByARun(file) || isWholeRunFile(file))).toList()) {
                Files.deleteIfExists(file);
            }
            Files.deleteIfExists(summary);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove an earlier run's files from " + folder, e);
        }
        return true;
    }

    /** Returns whether {@code file} is one of the files about the whole run that every write rewrites. */
    private static boolean isWholeRunFile(Path file) {
        return Files.isRegularFile(file) && ResultsWriter.WHOLE_RUN.contains(file.getFileName().toString());
    }

    private static boolean writtenByARun(Path file) {
        String name = file.getFileName().toString();
        return Files.isRegularFile(file) && (ResultsWriter.POINT_FILE.matcher(name).matches() || Charts.ACROSS_POINTS.contains(name));
    }
}
