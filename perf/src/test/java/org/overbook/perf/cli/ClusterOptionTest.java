package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.run.SmallScenarios;

/**
 * {@code --master} without the cluster module on the class path (perf's own tests have no Spark): one line naming
 * the option, exit 2, nothing run. Without {@code --master} nothing looks for a cluster at all.
 */
class ClusterOptionTest {

    @TempDir
    Path directory;

    @Test
    void masterWithoutTheClusterModuleIsAConfigurationError() throws Exception {
        Path file = directory.resolve("sweep.yaml");
        Files.writeString(file, SmallScenarios.SWEEP);
        CommandRun run = new CommandRun();
        int exit = run.execute("sweep", file.toString(), "--out", directory.resolve("out").toString(), "--master", "local[2]");
        assertEquals(2, exit, run.err.toString());
        assertTrue(run.err.toString().startsWith("overbook: configuration error: --master: local[2]: Spark support (the cluster"
                + " module) is not on the class path"), run.err.toString());
        assertEquals(1, run.err.toString().lines().count(), run.err.toString());
        assertTrue(Files.notExists(directory.resolve("out")), "nothing ran");
    }
}
