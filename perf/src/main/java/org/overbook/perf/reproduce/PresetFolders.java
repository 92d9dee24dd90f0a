package org.overbook.perf.reproduce;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.overbook.perf.report.AtomicFiles;
import org.overbook.perf.report.ResultsWriter;

/**
 * Where a reproduction writes under its results folder, and what it removes there first.
 *
 * <h2>Design</h2>
 * A preset's results are in {@code <out>/<preset>}, or, for a preset of several experiments, in
 * {@code <out>/<preset>/<experiment>}; {@code reproduce.csv} and {@code reproduce.md} are in {@code <out>}. A reproduction
 * into the folder of an earlier one replaces it whole, whichever presets either ran, so that the folder never mixes
 * two runs, even one stopped part way: before anything runs, every results folder of a known preset whose
 * {@code summary.json} a reproduction wrote (its {@code source} is a preset's scenario, {@code reproduce/...}) loses the
 * files a results writer writes, by name ({@link ResultsWriter#removeRun}), and then goes if nothing else is left in
 * it, as does a preset's folder left empty; the earlier figure table goes too when its {@code reproduce.csv} is there.
 * Nothing else is touched: a user's own file stays, and with it the folder that holds it, and so does a folder named
 * like a preset that holds the results of a user's own {@code run} (its summary's source is the user's file).
 */
final class PresetFolders {

    private PresetFolders() {
    }

    /** Returns the results folder of {@code experiment} of {@code preset} under {@code out}. */
    static Path of(Path out, Preset preset, Experiment experiment) {
        return preset.experiments().size() == 1 ? out.resolve(preset.name()) : out.resolve(preset.name()).resolve(experiment.name());
    }

    /** Removes what an earlier reproduction wrote under {@code out}, as the class comment says, among {@code known} presets. */
    static void removeEarlier(Path out, Collection<Preset> known) {
        if (!Files.isDirectory(out)) {
            return;
        }
        for (Preset preset : known) {
            Path presetFolder = out.resolve(preset.name());
            if (!Files.isDirectory(presetFolder, LinkOption.NOFOLLOW_LINKS)) {
                continue; // none, or not one a reproduction made (a file, a link to elsewhere)
            }
            List<Path> folders = new ArrayList<>();
            preset.experiments().forEach(experiment -> folders.add(presetFolder.resolve(experiment.name())));
            folders.add(presetFolder);
            boolean removed = false;
            for (Path folder : folders) {
                if (Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS) && writtenByAReproduction(folder)
                        && ResultsWriter.removeRun(folder)) {
                    removed = true;
                    deleteIfEmpty(folder);
                }
            }
            if (removed) {
                deleteIfEmpty(presetFolder);
            }
        }
        if (Files.isRegularFile(out.resolve(ReproduceReport.CSV))) {
            AtomicFiles.remove(out.resolve(ReproduceReport.MARKDOWN));
            AtomicFiles.remove(out.resolve(ReproduceReport.CSV));
        }
    }

    /**
     * Returns whether {@code folder}'s {@code summary.json} is a reproduction's: its {@code source} names a preset's
     * scenario. One that cannot be read is no reproduction's, and stays.
     */
    private static boolean writtenByAReproduction(Path folder) {
        Path summary = folder.resolve(ResultsWriter.SUMMARY_JSON);
        if (!Files.isRegularFile(summary, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        try {
            JsonNode root = new ObjectMapper().readTree(summary.toFile());
            return root != null && root.path("source").asText("").startsWith(Experiment.SOURCE_PREFIX);
        } catch (IOException e) {
            return false;
        }
    }

    private static void deleteIfEmpty(Path folder) {
        try {
            Files.deleteIfExists(folder);
        } catch (DirectoryNotEmptyException e) {
            // a file of the user's (or a preset's results folder within) keeps it
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + folder, e);
        }
    }
}
