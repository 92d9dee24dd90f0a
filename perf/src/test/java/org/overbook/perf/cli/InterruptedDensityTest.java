package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.report.DensityWriter;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.run.SmallScenarios;

/**
 * An {@code overbook density} stopped part way, in a real child JVM: the folder it leaves says the search was
 * incomplete and what it had found (the answer so far, the curve of the probes judged, their results), and
 * {@code show} on its probes says INCOMPLETE.
 */
class InterruptedDensityTest {

    /** The small density scenario made slow: each probe runs for seconds, so the search is still going when stopped. */
    private static final String SLOW = SmallScenarios.DENSITY.replace("duration: 60ms", "duration: 400ms");
    private static final Pattern JUDGED = Pattern.compile("\\*\\*INCOMPLETE: (\\d+) probes? judged;");

    @TempDir
    Path directory;

    @Test
    void anInterruptedSearchLeavesAFolderThatSaysWhatItHadFound() throws Exception {
        Path scenario = Files.writeString(directory.resolve("slow.yaml"), SLOW);
        Path folder = directory.resolve("density");
        Path report = folder.resolve(DensityWriter.REPORT);
        try (OverbookProcess density = OverbookProcess.start(directory.resolve("swap"), directory.resolve("density.out"),
                "density", scenario.toString(), "--slo", "p99=500us", "--max", "6", "--threads", "1", "--out", folder.toString())) {
            density.awaitWritten(report, JUDGED, "a curve so far");
            assertEquals(143, density.terminate(), "stopped by the signal, not finished:\n" + density.printed());
        }

        String written = Files.readString(report);
        Matcher judged = JUDGED.matcher(written);
        assertTrue(judged.find(), written);
        int probes = Integer.parseInt(judged.group(1));
        assertTrue(written.contains("**Answer: at least "), written);
        assertTrue(written.contains("the search had not finished.**"), written);
        assertEquals(1 + probes, Files.readAllLines(folder.resolve(DensityWriter.CSV)).size(), "a header and a row per probe judged");
        try (Stream<Path> files = Files.walk(folder)) {
            List<Path> temporary = files.filter(f -> f.getFileName().toString().endsWith(".tmp")).toList();
            assertEquals(List.of(), temporary, "no half-written file");
        }

        CommandRun show = new CommandRun();
        assertEquals(0, show.execute("show", folder.resolve(DensityWriter.PROBES).toString()), show.err.toString());
        assertTrue(show.out.toString().startsWith("INCOMPLETE: " + probes + " probe" + (probes == 1 ? " of an unfinished"
                + " density search has run" : "s of an unfinished density search have run")), show.out.toString());
        assertTrue(Files.readString(folder.resolve(DensityWriter.PROBES).resolve(ResultsWriter.SUMMARY_JSON))
                .contains("\"incomplete\""));
    }
}
