package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.run.SmallScenarios;

/**
 * A sweep stopped by SIGTERM after some of its points finished, in a real child JVM, then taken up with
 * {@code --resume}: the finished points are reused, one whose stored file was damaged runs again with a line saying
 * so, and the folder comes out byte for byte as one uninterrupted sweep's; after an edit of the file, only the edited
 * point and the one never finished run.
 */
class ResumedSweepTest {

    /** Five cheap points, then one long enough to be running when the signal comes. */
    private static final String SIX = SmallScenarios.MEMCACHED + "sweep:\n  duration: [20ms, 21ms, 22ms, 23ms, 24ms, 1s]\n";

    @TempDir
    Path directory;

    private OverbookProcess sweep(Path file, Path out, String name, String... more) throws IOException {
        List<String> args = new java.util.ArrayList<>(List.of("sweep", file.toString(), "--out", out.toString(), "--threads", "1"));
        args.addAll(List.of(more));
        return OverbookProcess.start(directory.resolve("swap"), directory.resolve(name + ".out"), args.toArray(String[]::new));
    }

    @Test
    void anInterruptedSweepResumedWritesTheFolderOfOneUninterruptedSweep() throws Exception {
        Path file = Files.writeString(directory.resolve("six.yaml"), SIX);
        Path results = directory.resolve("results");
        try (OverbookProcess first = sweep(file, results, "first")) {
            StoredResults.await(first, results, 5);
            assertEquals(143, first.terminate(), "stopped by SIGTERM while the long point runs:\n" + first.printed());
            assertEquals("overbook: interrupted; the results written so far are in " + results.toAbsolutePath()
                    + " (5 finished points stored: the same command with --out naming this folder and --resume reuses them)",
                    first.printed().lines().toList().getLast());
        }
        assertEquals(5, StoredResults.in(results).size());
        Path edited = directory.resolve("edited");
        StoredResults.copy(results, edited);
        StoredResults.damage(StoredResults.in(results).getFirst());

        try (OverbookProcess resumed = sweep(file, results, "resumed", "--resume")) {
            assertEquals(0, resumed.waitFor(OverbookProcess.ENDS_WITHIN), resumed.printed());
            String printed = resumed.printed();
            assertTrue(Pattern.compile("(?m)^overbook: warning: --resume: the stored result of point [0-4] of 6 \\(duration=2[0-4]ms\\)"
                    + " cannot be used \\(its checksum does not match\\); it runs again$").matcher(printed).find(), printed);
            assertTrue(printed.contains("reused 4 of 6 points from an interrupted run\n"), printed);
            assertTrue(printed.contains("6 points, 2 simulations run, 1 thread"), printed);
        }
        CommandRun whole = new CommandRun();
        Path uninterrupted = directory.resolve("uninterrupted");
        assertEquals(0, whole.execute("sweep", file.toString(), "--out", uninterrupted.toString(), "--threads", "2"),
                whole.err.toString());
        SameFolders.assertSameBytes(uninterrupted, results);

        Files.writeString(file, SIX.replace("22ms", "25ms"));
        try (OverbookProcess afterEdit = sweep(file, edited, "after-edit", "--resume")) {
            assertEquals(0, afterEdit.waitFor(OverbookProcess.ENDS_WITHIN), afterEdit.printed());
            String printed = afterEdit.printed();
            assertTrue(printed.contains("reused 4 of 6 points from an interrupted run\n"), printed);
            assertTrue(printed.contains("point 2 of 6 done: duration=25ms"), "the edited point runs: " + printed);
            assertTrue(printed.contains("6 points, 2 simulations run, 1 thread"), "and the long one, never finished: " + printed);
        }
        assertEquals(List.of(), StoredResults.in(edited), "the store goes once the folder is written");
    }
}
