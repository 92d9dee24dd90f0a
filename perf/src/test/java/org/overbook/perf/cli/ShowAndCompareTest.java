package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.report.CompareReport;
import org.overbook.perf.run.SmallScenarios;

/** {@code show} prints a folder's finding and tables again; {@code compare} sets two folders or two points side by side. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ShowAndCompareTest {

    private Path directory;
    private Path lru;
    private Path seeded;
    private String runPrinted;

    @BeforeAll
    void runTwoFolders(@TempDir Path temporary) throws Exception {
        directory = temporary;
        Path file = Files.writeString(directory.resolve("two.yaml"), SmallScenarios.SWEEP);
        Path other = Files.writeString(directory.resolve("other.yaml"), SmallScenarios.SWEEP.replace("seed: 7", "seed: 8"));
        lru = directory.resolve("seven");
        seeded = directory.resolve("eight");
        CommandRun run = new CommandRun();
        assertEquals(0, run.execute("run", file.toString(), "--out", lru.toString()), run.err.toString());
        runPrinted = run.out.toString();
        CommandRun again = new CommandRun();
        assertEquals(0, again.execute("run", other.toString(), "--out", seeded.toString()), again.err.toString());
    }

    @Test
    void showPrintsTheFindingAndTheTablesTheRunPrinted() {
        CommandRun show = new CommandRun();
        assertEquals(0, show.execute("show", lru.toString()), show.err.toString());
        String printed = show.out.toString();
        String finding = runPrinted.substring(runPrinted.indexOf("finding:"), runPrinted.indexOf("\npoint 0: "));
        assertTrue(printed.contains(finding), "the same finding:\n" + printed + "\nrun printed:\n" + runPrinted);
        for (String line : runPrinted.lines().filter(l -> l.startsWith("s0 ") || l.startsWith("total ")
                || l.startsWith("point 1   ")).toList()) {
            assertTrue(printed.contains(line), "show prints '" + line + "':\n" + printed);
        }
    }

    @Test
    void showPrintsAReplicatedFoldersIntervalsAsTheRunDidAndNothingOfTheKindForAFolderRunOnce() throws Exception {
        Path file = directory.resolve("two.yaml");
        Path replicated = directory.resolve("replicated");
        CommandRun run = new CommandRun();
        assertEquals(0, run.execute("run", file.toString(), "--replications", "3", "--out", replicated.toString()), run.err.toString());
        String intervals = intervalTable(run.out.toString());
        assertEquals(4, intervals.lines().count(), "a title, a header and a line per point:\n" + run.out);
        assertTrue(intervals.contains("\n0      nic.tlb.replacement=lru   3  "), "point 0 run 3 times:\n" + intervals);
        CommandRun show = new CommandRun();
        assertEquals(0, show.execute("show", replicated.toString()), show.err.toString());
        assertEquals(intervals, intervalTable(show.out.toString()), "the run's table, read back from summary.json");
        CommandRun once = new CommandRun();
        assertEquals(0, once.execute("show", lru.toString()), once.err.toString());
        assertFalse(once.out.toString().contains("over the replications"), once.out.toString());
    }

    /** Returns the mean ± half-width table of {@code printed}, from its title to the blank line after it. */
    private static String intervalTable(String printed) {
        int start = printed.indexOf("over the replications (");
        assertTrue(start >= 0, "an interval table:\n" + printed);
        int end = printed.indexOf("\n\n", start);
        return printed.substring(start, end < 0 ? printed.length() : end + 1);
    }

    @Test
    void twoFoldersAreComparedPointByPointNamingTheFieldThatDiffers() throws Exception {
        CommandRun compare = new CommandRun();
        Path out = directory.resolve("compared");
        assertEquals(0, compare.execute("compare", lru.toString(), seeded.toString(), "--out", out.toString()), compare.err.toString());
        String printed = compare.out.toString();
        assertTrue(printed.contains("point nic.tlb.replacement=lru") && printed.contains("point nic.tlb.replacement=fifo"), printed);
        assertTrue(printed.contains("  differs: seed: 7 -> 8"), printed);
        String markdown = Files.readString(out.resolve(CompareReport.MARKDOWN));
        assertTrue(markdown.contains("| workload.throughput_ops_per_s | "), markdown);
        assertTrue(markdown.contains("- `seed: 7 -> 8`"), markdown);
        assertTrue(Files.size(out.resolve(CompareReport.CHART)) > 0 || markdown.contains("could not be drawn"));
    }

    @Test
    void twoPointsOfOneFolderAreComparedAsOnePair() throws Exception {
        CommandRun compare = new CommandRun();
        Path out = directory.resolve("points");
        assertEquals(0, compare.execute("compare", lru + ":0", lru + ":1", "--out", out.toString()), compare.err.toString());
        String printed = compare.out.toString();
        assertTrue(printed.contains("A's point nic.tlb.replacement=lru against B's point nic.tlb.replacement=fifo"), printed);
        assertTrue(printed.contains("  differs: nic.tlb.replacement: lru -> fifo"), printed);
        assertTrue(printed.contains(String.format("%-28s", "workload.throughput_ops_per_s")), printed);
        assertTrue(printed.lines().noneMatch(l -> l.endsWith(" ")), "no trailing blanks:\n" + printed);
    }

    @Test
    void foldersWhosePointsDoNotMatchSayWhichPointsEachSideHasOneByOneAndHowToCompareTwoPoints() throws Exception {
        Path file = Files.writeString(directory.resolve("policies.yaml"), SmallScenarios.MEMCACHED + """
                sweep:
                  nic.memory-policy: [on-demand, prefault]
                  nic.tlb.partition: [shared, static]
                """);
        Path policies = directory.resolve("policies");
        CommandRun run = new CommandRun();
        assertEquals(0, run.execute("run", file.toString(), "--out", policies.toString()), run.err.toString());
        CommandRun compare = new CommandRun();
        assertEquals(0, compare.execute("compare", lru.toString(), policies.toString(), "--out",
                directory.resolve("unmatched").toString()), compare.err.toString());
        String printed = compare.out.toString();
        assertTrue(printed.contains("  - No point of A matches a point of B (the same sweep values), so nothing is compared;"
                + " two points compare whatever their values when named FOLDER:N."), printed);
        assertTrue(printed.contains("  - not compared (no match on the other side): A's 2 points (nic.tlb.replacement=lru),"
                + " (nic.tlb.replacement=fifo); B's 4 points (nic.memory-policy=on-demand, nic.tlb.partition=shared),"
                + " (nic.memory-policy=on-demand, nic.tlb.partition=static), (nic.memory-policy=prefault, nic.tlb.partition=shared)"
                + " and 1 more (compare.md lists them all)\n"), printed);
    }

    @Test
    void aFolderThatIsNotOneOrAPointItLacksIsAConfigurationError() {
        CommandRun show = new CommandRun();
        assertEquals(2, show.execute("show", directory.resolve("nowhere").toString()));
        assertTrue(show.err.toString().contains("DIR: '" + directory.resolve("nowhere") + "' is not a folder"), show.err.toString());
        CommandRun empty = new CommandRun();
        assertEquals(2, empty.execute("show", ""));
        assertTrue(empty.err.toString().contains("DIR: '' is an empty path; accepted: a results folder"), empty.err.toString());
        CommandRun emptyB = new CommandRun();
        assertEquals(2, emptyB.execute("compare", lru.toString(), "", "--out", directory.resolve("never").toString()));
        assertTrue(emptyB.err.toString().contains("B: '' is an empty path; accepted: a results folder"), emptyB.err.toString());
        CommandRun compare = new CommandRun();
        assertEquals(2, compare.execute("compare", lru + ":5", seeded.toString(), "--out", directory.resolve("never").toString()));
        assertTrue(compare.err.toString().contains("the folder has no point 5; accepted: 0 to 1"), compare.err.toString());
        CommandRun huge = new CommandRun();
        assertEquals(2, huge.execute("compare", lru + ":99999999999", seeded.toString(), "--out", directory.resolve("never").toString()));
        assertTrue(huge.err.toString().contains("the folder has no point 99999999999; accepted: 0 to 1"), huge.err.toString());
        CommandRun mixed = new CommandRun();
        assertEquals(2, mixed.execute("compare", lru + ":0", seeded.toString(), "--out", directory.resolve("never").toString()));
        assertTrue(mixed.err.toString().contains("accepted: FOLDER:N to choose one of its points"), mixed.err.toString());
        CommandRun named = new CommandRun();
        assertEquals(2, named.execute("compare", lru + ":p1", seeded.toString(), "--out", directory.resolve("never").toString()));
        assertTrue(named.err.toString().contains("A: '" + lru + ":p1': 'p1' is not a point number; accepted: FOLDER:N, N from 0 to 1"),
                named.err.toString());
    }

    @Test
    void aDensityFolderIsNamedWithItsProbesFolderWhichShowReads() throws Exception {
        Path density = directory.resolve("density");
        Path probes = Files.createDirectories(density.resolve("probes"));
        Files.copy(lru.resolve("summary.json"), probes.resolve("summary.json"));
        CommandRun show = new CommandRun();
        assertEquals(2, show.execute("show", density.toString()));
        assertTrue(show.err.toString().contains("DIR: '" + density + "' is a density search's folder, whose probes' results are in '"
                + probes + "'"), show.err.toString());
        CommandRun probesShown = new CommandRun();
        assertEquals(0, probesShown.execute("show", probes.toString()), probesShown.err.toString());
        CommandRun empty = new CommandRun();
        assertEquals(2, empty.execute("show", Files.createDirectories(directory.resolve("empty")).toString()));
        assertTrue(empty.err.toString().contains("has no summary.json; accepted: a results folder of overbook run or sweep, or the"
                + " probes folder of overbook density"), empty.err.toString());
    }

    @Test
    void anInterruptedRunsFolderIsShownAndComparedAsIncomplete() throws Exception {
        Path partial = directory.resolve("partial");
        Files.createDirectories(partial);
        String json = Files.readString(lru.resolve("summary.json"));
        assertFalse(json.contains("\"incomplete\""), "a whole run's summary has no such field");
        Files.writeString(partial.resolve("summary.json"), json.replaceFirst("\\{", "{\n  \"incomplete\" : \"1 of 2 points have run\","));
        CommandRun show = new CommandRun();
        assertEquals(0, show.execute("show", partial.toString()), show.err.toString());
        assertTrue(show.out.toString().startsWith("INCOMPLETE: 1 of 2 points have run; this run was interrupted"), show.out.toString());
        CommandRun compare = new CommandRun();
        assertEquals(0, compare.execute("compare", lru.toString(), partial.toString(), "--out", directory.resolve("cmp-partial").toString()),
                compare.err.toString());
        assertTrue(compare.out.toString().contains("INCOMPLETE: B " + partial + ": 1 of 2 points have run"), compare.out.toString());
    }

    @Test
    void aDamagedSummaryIsNamedWithTheParsersPlaceNotItsInternals() throws Exception {
        Path damaged = Files.createDirectories(directory.resolve("damaged"));
        Files.writeString(damaged.resolve("summary.json"), "{\"points\": [\n  {\"point\": 0,,}\n]}");
        CommandRun show = new CommandRun();
        assertEquals(2, show.execute("show", damaged.toString()));
        String err = show.err.toString();
        assertTrue(err.contains("summary.json is not valid JSON: ") && err.contains("(line 2, column "), err);
        assertFalse(err.contains("Source:") || err.contains("REDACTED"), err);
    }
}
