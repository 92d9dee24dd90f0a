package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.run.SmallScenarios;

/** {@code overbook run} on several threads writes the same folder, byte for byte, as on one, and says the finding first. */
class RunInParallelTest {

    @TempDir
    Path directory;

    @Test
    void oneThreadOrTwoGiveByteIdenticalResultsAndTheFindingComesBeforeTheTables() throws Exception {
        Path file = Files.writeString(directory.resolve("two.yaml"), SmallScenarios.SWEEP);
        CommandRun serial = new CommandRun();
        CommandRun parallel = new CommandRun();
        assertEquals(0, serial.execute("run", file.toString(), "--out", directory.resolve("serial").toString(), "--threads", "1"),
                serial.err.toString());
        assertEquals(0, parallel.execute("run", file.toString(), "--out", directory.resolve("parallel").toString(), "--threads", "2"),
                parallel.err.toString());
        String printed = parallel.out.toString();
        assertTrue(printed.contains("running point 0 of 2") && printed.contains("running point 1 of 2"), printed);
        assertTrue(printed.contains("(2 threads)"), printed);
        assertTrue(printed.indexOf("finding:") < printed.indexOf("point 0: "), "the finding first:\n" + printed);
        assertTrue(printed.contains("  - Every value read back as written: no data-integrity mismatch."), printed);
        for (String name : new String[] {ResultsWriter.SUMMARY_CSV, ResultsWriter.SUMMARY_JSON, ResultsWriter.TIMESERIES_CSV,
                ResultsWriter.RESOURCES_CSV, ResultsWriter.REPORT}) {
            assertArrayEquals(Files.readAllBytes(directory.resolve("serial").resolve(name)),
                    Files.readAllBytes(directory.resolve("parallel").resolve(name)), name + " differs with parallelism");
        }
        assertTrue(Files.readString(directory.resolve("parallel").resolve(ResultsWriter.REPORT)).contains("\n## Finding\n\n- "));
        assertTrue(Files.notExists(directory.resolve("parallel").resolve(".work")), "the work directory is removed");
    }
}
