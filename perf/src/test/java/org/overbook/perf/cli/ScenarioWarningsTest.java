package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.run.SmallScenarios;

/** A scenario that is valid but most likely not what was meant runs as written, with a warning on standard error. */
class ScenarioWarningsTest {

    @TempDir
    Path directory;

    @Test
    void memoryInMegabytesRunsAsWrittenAndSaysWhatItCameTo() throws Exception {
        Path file = Files.writeString(directory.resolve("mb.yaml"), SmallScenarios.MEMCACHED.replace("memory: 64MiB", "memory: 64MB"));
        CommandRun run = new CommandRun();
        assertEquals(0, run.execute("run", file.toString(), "--out", directory.resolve("out").toString()), run.err.toString());
        assertEquals("overbook: warning: host.memory: 64MB is 64000000 bytes (61.0 MiB), as MB is a power of ten;"
                + " 64MiB would be 67108864 bytes\n", run.err.toString());
        assertTrue(Files.readString(directory.resolve("out").resolve("report.md")).contains("a host with 61 MiB of RAM"));
    }
}
