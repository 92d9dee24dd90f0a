package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.Test;
import org.overbook.guest.ConfigurationException;
import picocli.CommandLine;

/** One line a failure, exit 2 for the user's configuration and 1 for the rest; an I/O failure keeps its cause. */
class ErrorReporterTest {

    private static String report(Exception e, int expectedCode) {
        StringWriter err = new StringWriter();
        CommandLine commandLine = new CommandLine(new Overbook());
        commandLine.setErr(new PrintWriter(err, true));
        assertEquals(expectedCode, new ErrorReporter().handleExecutionException(e, commandLine, null));
        return err.toString().strip();
    }

    @Test
    void anIoFailureSaysWhyNotOnlyWhat() {
        UncheckedIOException full = new UncheckedIOException("cannot write /out/resources.csv",
                new IOException("No space left on device"));
        assertEquals("overbook: UncheckedIOException: cannot write /out/resources.csv: No space left on device",
                report(full, ErrorReporter.FAILURE));
    }

    @Test
    void aConfigurationErrorNamesItsFieldAndExitsTwo() {
        assertEquals("overbook: configuration error: host.swap: too small",
                report(new ConfigurationException("host.swap", "too small"), ErrorReporter.CONFIGURATION_ERROR));
    }
}
