package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.report.ResultsLock;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.sensitivity.SensitivityWriter;

/**
 * An {@code overbook sensitivity} stopped part way, in a real child JVM: it ends with the one line of an interrupted
 * command (with the simulations it stored for {@code --resume}), and the folder it leaves opens with INCOMPLETE, names
 * the estimates measured and those not, and holds the rows of those measured.
 */
class InterruptedSensitivityTest {

    /** The small memcached scenario, ten times as long: the study is still running its eleven variants when stopped. */
    private static final String SLOW = SmallScenarios.MEMCACHED.replace("duration: 20ms", "duration: 200ms");
    private static final Pattern RUN = Pattern.compile("\\*\\*INCOMPLETE: (\\d+) of (\\d+) variants have run");
    /** The list of the estimates measured, once there is one. */
    private static final Pattern MEASURED = Pattern.compile("Measured, in the tables below:\n\n((?:- .*\n)+)");

    @TempDir
    Path directory;

    @Test
    void anInterruptedStudyLeavesAFolderThatSaysWhatItHadMeasured() throws Exception {
        Path scenario = Files.writeString(directory.resolve("slow.yaml"), SLOW);
        Path folder = directory.resolve("sensitivity");
        Path md = folder.resolve(SensitivityWriter.MARKDOWN);
        String printed;
        try (OverbookProcess study = OverbookProcess.start(directory.resolve("swap"), directory.resolve("sensitivity.out"),
                "sensitivity", scenario.toString(), "--replications", "2", "--threads", "1", "--out", folder.toString())) {
            study.awaitWritten(md, MEASURED, "an estimate measured");
            assertEquals(143, study.terminate(), "stopped by the signal, not finished:\n" + study.printed());
            printed = study.printed();
        }
        List<String> lines = printed.lines().toList();
        assertTrue(Pattern.compile(Pattern.quote("overbook: interrupted; the results written so far are in " + folder.toAbsolutePath())
                + " \\(\\d+ finished points? stored: the same command with --out naming this folder and --resume reuses (it|them)\\)")
                .matcher(lines.getLast()).matches(), printed);
        assertEquals(1, lines.stream().filter(l -> l.startsWith("overbook:")).count(), printed);
        assertFalse(printed.contains("Exception") || printed.contains("which estimates matter"), printed);

        String written = Files.readString(md);
        Matcher run = RUN.matcher(written);
        assertTrue(run.lookingAt(), written);
        assertTrue(Integer.parseInt(run.group(1)) < Integer.parseInt(run.group(2)), written);
        Matcher measured = MEASURED.matcher(written);
        assertTrue(measured.find(), written);
        long estimates = measured.group(1).lines().mapToLong(line -> line.split(", ").length).sum();
        assertTrue(written.contains("Not measured:\n\n- slow: "), written);
        assertEquals(1 + 3 * estimates, Files.readAllLines(folder.resolve(SensitivityWriter.CSV)).size(),
                "a header and the three headlines of each estimate measured");
        assertEquals(written.contains("(tornado-slow.png)"), Files.exists(folder.resolve("tornado-slow.png")),
                "the chart the report links, and only it: " + written);
        assertFalse(Files.exists(folder.resolve(ResultsLock.FILE)));
        try (Stream<Path> files = Files.walk(folder)) {
            assertEquals(List.of(), files.filter(f -> f.getFileName().toString().endsWith(".tmp")).toList(), "no half-written file");
        }
    }
}
