package org.overbook.perf.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a reproduction removes from an earlier one's folder before it runs: only the files a results writer writes, by
 * name, only in a folder named as a known preset (or one of its experiments) that holds a {@code summary.json}; a folder
 * only once it is empty; never through a link, never a file of the user's.
 */
class PresetFoldersTest {

    /** What a results writer writes into a results folder, by name. */
    private static final List<String> WRITTEN = List.of("summary.csv", "summary.json", "timeseries.csv", "resources.csv",
            "timing.txt", "report.md", "p0-c0-requests.hgrm", "p1-faults.png", "p99-by-point.png", "latency-cdf.png",
            "throughput-by-point.png");

    @TempDir
    Path out;

    @Test
    void anExperimentsFolderGoesWhenEmptyAndKeepsItsPresetFolderWhenOneOfTheUsersIsLeft() throws Exception {
        Path balloon = results(out.resolve("esx").resolve(EsxPreset.BALLOON));
        Path idleTax = results(out.resolve("esx").resolve(EsxPreset.IDLE_TAX));
        Files.writeString(idleTax.resolve("mine.txt"), "mine\n");
        Files.writeString(idleTax.resolve(".hidden-mine"), "mine\n");

        PresetFolders.removeEarlier(out, Presets.all());

        assertFalse(Files.exists(balloon), "emptied, so removed");
        assertEquals(List.of(".hidden-mine", "mine.txt"), names(idleTax));
        assertEquals(List.of(EsxPreset.IDLE_TAX), names(out.resolve("esx")));
    }

    @Test
    void aPresetFolderGoesWithItsResultsAndTheFigureTableWithIt() throws Exception {
        results(out.resolve("netvm"));
        Files.writeString(out.resolve(ReproduceReport.CSV), "preset,figure\n");
        Files.writeString(out.resolve(ReproduceReport.MARKDOWN), "# figures\n");
        Files.writeString(out.resolve("notes.md"), "mine\n");

        PresetFolders.removeEarlier(out, Presets.all());

        assertEquals(List.of("notes.md"), names(out));
    }

    @Test
    void withoutASummaryJsonOrUnderAnotherNameNothingIsRemoved() throws Exception {
        Path noSummary = Files.createDirectories(out.resolve("netvm"));
        for (String name : WRITTEN.subList(2, WRITTEN.size())) {
            Files.writeString(noSummary.resolve(name), "mine\n");
        }
        Path unknown = results(out.resolve("my-own-preset"));
        Path emptyPreset = Files.createDirectories(out.resolve("part"));
        Files.writeString(out.resolve(ReproduceReport.MARKDOWN), "mine, and no reproduce.csv beside it\n");

        PresetFolders.removeEarlier(out, Presets.all());

        assertEquals(WRITTEN.subList(2, WRITTEN.size()).stream().sorted().toList(), names(noSummary));
        assertEquals(WRITTEN.stream().sorted().toList(), names(unknown), "not named as a known preset");
        assertTrue(Files.isDirectory(emptyPreset), "empty, but no reproduction's results were in it");
        assertTrue(Files.exists(out.resolve(ReproduceReport.MARKDOWN)));
    }

    @Test
    void aUsersOwnRunInAFolderNamedAsAPresetStays() throws Exception {
        Path mine = results(out.resolve("part"), "scenarios/my-part.yaml");
        Path alsoMine = results(out.resolve("esx").resolve(EsxPreset.BALLOON), "esx-balloon.yaml");
        Path unreadable = results(out.resolve("netvm"));
        Files.writeString(unreadable.resolve("summary.json"), "{ not json\n");

        PresetFolders.removeEarlier(out, Presets.all());

        assertEquals(WRITTEN.stream().sorted().toList(), names(mine), "a run of the user's own file");
        assertEquals(WRITTEN.stream().sorted().toList(), names(alsoMine), "a source that does not name a preset's scenario");
        assertEquals(WRITTEN.stream().sorted().toList(), names(unreadable), "a summary that cannot be read");
    }

    @Test
    void aLinkNamedAsAPresetIsNotFollowed() throws Exception {
        Path elsewhere = results(out.resolve("elsewhere"));
        Files.createSymbolicLink(out.resolve("netvm"), elsewhere);

        PresetFolders.removeEarlier(out, Presets.all());

        assertEquals(WRITTEN.stream().sorted().toList(), names(elsewhere));
        assertTrue(Files.isSymbolicLink(out.resolve("netvm")));
    }

    @Test
    void nothingToRemoveWhereThereIsNoFolder() {
        PresetFolders.removeEarlier(out.resolve("not-yet"), Presets.all());
        assertFalse(Files.exists(out.resolve("not-yet")));
    }

    /**
     * Makes {@code folder} and puts in it a file under every name a results writer writes, its {@code summary.json} a
     * reproduction's.
     */
    private static Path results(Path folder) throws Exception {
        return results(folder, "reproduce/netvm.yaml + netvm.quick.yaml");
    }

    /** Makes {@code folder} as {@link #results(Path)} does, its {@code summary.json} giving {@code source}. */
    private static Path results(Path folder, String source) throws Exception {
        Files.createDirectories(folder);
        for (String name : WRITTEN) {
            Files.writeString(folder.resolve(name), name.equals("summary.json")
                    ? "{\"source\": \"" + source + "\", \"points\": []}\n" : name + "\n");
        }
        return folder;
    }

    private static List<String> names(Path folder) throws Exception {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(file -> file.getFileName().toString()).sorted().toList();
        }
    }
}
