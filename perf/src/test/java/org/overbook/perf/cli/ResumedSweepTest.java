package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.resume.PointStore;
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

    private static List<Path> stored(Path folder) throws IOException {
        Path store = folder.resolve(ResultsWriter.WORK).resolve(PointStore.FOLDER);
        try (Stream<Path> files = Files.exists(store) ? Files.list(store) : Stream.empty()) {
            return files.filter(file -> !file.getFileName().toString().startsWith(".")).sorted().toList();
        }
    }

    @Test
    void anInterruptedSweepResumedWritesTheFolderOfOneUninterruptedSweep() throws Exception {
        Path file = Files.writeString(directory.resolve("six.yaml"), SIX);
        Path results = directory.resolve("results");
        try (OverbookProcess first = sweep(file, results, "first")) {
            for (int waited = 0; stored(results).size() < 5; waited++) {
                assertTrue(first.process.isAlive(), "overbook ended early:\n" + first.printed());
                assertTrue(waited < 2400, "five points not stored within 120 s:\n" + first.printed());
                Thread.sleep(50);
            }
            assertEquals(143, first.terminate(), "stopped by SIGTERM while the long point runs:\n" + first.printed());
            assertEquals("overbook: interrupted; the results written so far are in " + results.toAbsolutePath()
                    + " (5 finished points stored: the same command with --out naming this folder and --resume reuses them)",
                    first.printed().lines().toList().getLast());
        }
        assertEquals(5, stored(results).size());
        Path edited = directory.resolve("edited");
        copy(results, edited);
        Path damaged = stored(results).getFirst();
        byte[] bytes = Files.readAllBytes(damaged);
        bytes[bytes.length / 2] ^= 0x01;
        Files.write(damaged, bytes);

        try (OverbookProcess resumed = sweep(file, results, "resumed", "--resume")) {
            assertEquals(0, resumed.waitFor(300), resumed.printed());
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
            assertEquals(0, afterEdit.waitFor(300), afterEdit.printed());
            String printed = afterEdit.printed();
            assertTrue(printed.contains("reused 4 of 6 points from an interrupted run\n"), printed);
            assertTrue(printed.contains("point 2 of 6 done: duration=25ms"), "the edited point runs: " + printed);
            assertTrue(printed.contains("6 points, 2 simulations run, 1 thread"), "and the long one, never finished: " + printed);
        }
        assertEquals(List.of(), stored(edited), "the store goes once the folder is written");
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path path : walk.toList()) {
                Path target = to.resolve(from.relativize(path));
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(path, target);
                }
            }
        }
    }
}
