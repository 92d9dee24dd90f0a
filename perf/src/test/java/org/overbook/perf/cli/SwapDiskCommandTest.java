package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.run.SmallScenarios;

/** Swap the disk cannot hold stops {@code run} and {@code sweep} before anything runs: exit 2, naming host.swap. */
class SwapDiskCommandTest {

    /** A 4 TiB guest over 1 PiB of swap: its swap may grow to about 5 TB, more than this machine's disk. */
    private static final String HUGE = SmallScenarios.MEMCACHED.replace("swap: 64MiB", "swap: 1024TiB")
            .replace("tenants: {count: 2, template: {memory: 48MiB", "tenants: {count: 2, template: {memory: 4TiB");

    @TempDir
    Path directory;

    @Test
    void runRefusesSwapTheDiskCannotHoldUpFront() throws Exception {
        Path file = Files.writeString(directory.resolve("huge.yaml"), HUGE);
        CommandRun run = new CommandRun();
        assertEquals(2, run.execute("run", file.toString(), "--out", directory.resolve("out").toString()), run.err.toString());
        String error = run.err.toString();
        assertTrue(error.startsWith("overbook: configuration error: host.swap: the swap of a point may take up to"), error);
        assertTrue(error.contains("MiB free") && error.contains("OVERBOOK_SWAP_DIR"), error);
        assertFalse(run.out.toString().contains("running point"), "nothing ran");
        assertFalse(Files.exists(directory.resolve("out")), "nothing written");
    }

    @Test
    void sweepCountsThePointsThatMayRunAtOnce() throws Exception {
        Path file = Files.writeString(directory.resolve("huge.yaml"), HUGE + "sweep:\n  nic.tlb.replacement: [lru, fifo]\n");
        CommandRun run = new CommandRun();
        assertEquals(2, run.execute("sweep", file.toString(), "--threads", "2", "--out", directory.resolve("out").toString()));
        assertTrue(run.err.toString().contains("host.swap: the swap of the 2 points that may run at once"), run.err.toString());
        assertTrue(run.err.toString().contains("--threads"), run.err.toString());
    }
}
