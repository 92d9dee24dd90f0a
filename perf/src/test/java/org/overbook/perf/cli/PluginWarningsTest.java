package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What loads but looks like a mistake is said on standard error, once, and the command goes on. */
class PluginWarningsTest {

    @Test
    void aDirectoryWithoutAJarIsWarnedAboutOnStandardError(@TempDir Path directory) throws Exception {
        Path classes = Files.createDirectories(directory.resolve("classes"));
        Files.writeString(classes.resolve("Client.class"), "compiled, not packed");
        CommandRun run = new CommandRun();
        assertEquals(0, run.execute("list", "--plugins", classes.toString()), run.err.toString());
        assertEquals("overbook: warning: --plugins: " + classes + " is a directory that holds no .jar file, so nothing is"
                + " loaded from it (classes are read from jars only: jar cf my-plugins.jar -C classes .)\n", run.err.toString());
        assertTrue(run.out.toString().contains("memcached"), "the listing still follows");
    }
}
