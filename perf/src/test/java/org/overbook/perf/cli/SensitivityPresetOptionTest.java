package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sensitivity --preset} with an unknown name offers sensitivity's own option for every preset, not reproduce's. */
class SensitivityPresetOptionTest {

    @Test
    void anUnknownPresetIsRefusedOfferingAllPresets(@TempDir Path directory) {
        CommandRun run = new CommandRun();
        Path out = directory.resolve("never");
        assertEquals(2, run.execute("sensitivity", "--preset", "parts", "--out", out.toString()));
        String err = run.err.toString();
        assertTrue(err.contains("--preset: unknown preset 'parts'; accepted: npf-memcached"), err);
        assertTrue(err.contains("(or --all-presets)"), err);
        assertTrue(Files.notExists(out), "nothing is written for a refused command");
    }
}
