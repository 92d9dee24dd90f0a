package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class OverbookCommandTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int execute(String... args) {
        CommandLine commandLine = Overbook.commandLine();
        commandLine.setOut(new PrintWriter(out));
        commandLine.setErr(new PrintWriter(err));
        return commandLine.execute(args);
    }

    @Test
    void runPrintsTheDemoTable() {
        assertEquals(0, execute("run", "--duration", "20ms"));
        assertTrue(out.toString().contains("3x overcommit"), out.toString());
        assertTrue(out.toString().contains("every stamp read back as written"), out.toString());
    }

    @Test
    void aBadDurationNamesTheOptionWithoutAStackTrace() {
        assertEquals(2, execute("run", "--duration", "5 parsecs"));
        assertTrue(err.toString().contains("--duration: unknown unit 'parsecs'"), err.toString());
        assertFalse(err.toString().contains("\tat "), "no stack trace: " + err);
    }

    @Test
    void helpListsTheVerbs() {
        assertEquals(0, execute("--help"));
        assertTrue(out.toString().contains("run"), out.toString());
    }
}
