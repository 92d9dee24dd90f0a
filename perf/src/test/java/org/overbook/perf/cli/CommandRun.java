package org.overbook.perf.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs the {@code overbook} command in-process, as a shell would, and keeps what it printed. */
final class CommandRun {

    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    /** Executes {@code args} and returns the exit code. */
    int execute(String... args) {
        CommandLine commandLine = Overbook.commandLine();
        commandLine.setOut(new PrintWriter(out));
        commandLine.setErr(new PrintWriter(err));
        return commandLine.execute(args);
    }
}
