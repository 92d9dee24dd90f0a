package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.run.SmallScenarios;
import picocli.CommandLine;

/**
 * What a sweep says as its simulations finish: how many have, whatever their order, and about how long the rest will
 * take at the pace so far, on a clock the test sets by hand.
 */
class SweepProgressTest {

    private static final long SECOND = 1_000_000_000L;

    @TempDir
    Path directory;

    private long now;

    @Test
    void eachLineCountsTheSimulationsFinishedAndEstimatesTheRestFromThePaceSoFar() {
        now = 5 * SECOND;
        SweepProgress progress = new SweepProgress(40, 0, () -> now);
        now += 2 * SECOND;
        assertEquals("(1 of 40 finished, about 78 s left)", progress.oneFinished(), "2 s a simulation, 39 to go");
        assertEquals("(2 of 40 finished, about 38 s left)", progress.oneFinished(), "two side by side in 2 s: 1 s each");
        now += 30 * SECOND;
        assertEquals("(3 of 40 finished, about 7 min left)", progress.oneFinished(), "32 s for 3, 37 to go: 395 s");
        for (int i = 4; i < 40; i++) {
            progress.oneFinished();
        }
        assertEquals("(40 of 40 finished)", progress.oneFinished(), "nothing left to estimate");
    }

    @Test
    void simulationsReusedFromAnInterruptedRunCountAsFinishedButNotInThePace() {
        now = 5 * SECOND;
        SweepProgress progress = new SweepProgress(40, 16, () -> now);
        now += 10 * SECOND;
        assertEquals("(17 of 40 finished, about 4 min left)", progress.oneFinished(), "10 s for the one run, 23 to go");
        assertEquals("(18 of 40 finished, about 2 min left)", progress.oneFinished(), "5 s each, 22 to go: 110 s");
    }

    @Test
    void anEstimateReadsInSecondsMinutesOrHours() {
        assertEquals("1 s", SweepProgress.duration(0.2 * SECOND));
        assertEquals("89 s", SweepProgress.duration(89 * SECOND));
        assertEquals("2 min", SweepProgress.duration(90 * SECOND));
        assertEquals("89 min", SweepProgress.duration(89 * 60 * SECOND));
        assertEquals("1.5 h", SweepProgress.duration(90 * 60 * SECOND));
    }

    @Test
    void aSweepCountsItsPointsAsTheyFinish() throws Exception {
        Path file = directory.resolve("two.yaml");
        Files.writeString(file, SmallScenarios.SWEEP);
        StringWriter out = new StringWriter();
        CommandLine commandLine = Overbook.commandLine();
        commandLine.setOut(new PrintWriter(out));
        commandLine.setErr(new PrintWriter(new StringWriter()));
        assertEquals(0, commandLine.execute("sweep", file.toString(), "--out", directory.resolve("out").toString(),
                "--threads", "2"), out.toString());
        Matcher line = Pattern.compile("point (\\d) of 2 done: \\S.* \\((\\d) of 2 finished(, about [^)]+ left)?\\)").matcher(out.toString());
        List<String> counts = line.results().map(m -> m.group(2) + (m.group(3) == null ? "" : " estimated")).toList();
        assertEquals(List.of("1 estimated", "2"), counts, "a count per point finished, an estimate until the last:\n" + out);
        assertTrue(out.toString().contains("2 points, 2 simulations run"), out.toString());
    }
}
