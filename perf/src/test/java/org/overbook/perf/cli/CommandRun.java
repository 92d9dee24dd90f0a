package org.overbook.perf.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.function.Supplier;
import picocli.CommandLine;

/** Runs the {@code overbook} command in-process, as a shell would, and keeps what it printed. */
final class CommandRun {

    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();
    private final Supplier<CommandLine> commandLines;

    CommandRun() {
        this(Overbook::commandLine);
    }

    /** Runs each command in a command line of {@code commandLines}. */
    CommandRun(Supplier<CommandLine> commandLines) {
        this.commandLines = commandLines;
    }

    /** Executes {@code args} and returns the exit code. */
    int execute(String... args) {
        CommandLine commandLine = commandLines.get();
        commandLine.setOut(new PrintWriter(out));
        commandLine.setErr(new PrintWriter(err));
        return commandLine.execute(args);
    }
}
