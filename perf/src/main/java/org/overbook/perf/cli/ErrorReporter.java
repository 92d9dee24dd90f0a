package org.overbook.perf.cli;

import java.io.PrintStream;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.Quoted;
import org.overbook.perf.run.ProcessExit;
import org.overbook.perf.run.RunFailure;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * Turns a failure into one clear line on standard error: exit code 2 for a configuration the user can
 * fix (naming the field), 1 for anything else. Set {@code OVERBOOK_DEBUG=1} to see the stack trace. What a failure
 * echoes (a path, a plug-in's message) is cut as a configuration error cuts it ({@link Quoted#line}).
 */
final class ErrorReporter implements IExecutionExceptionHandler {

    static final int CONFIGURATION_ERROR = 2;
    static final int FAILURE = 1;
    /** The exit code of a command interrupted by Ctrl-C (128 + SIGINT), as the JVM exits with it. */
    static final int INTERRUPTED = 130;
    /** The lock progress lines and the interruption's line are printed under. */
    private static final Object PROGRESS_LINES = new Object();

    /**
     * Returns what a point's run threw, for the handler to report: the run's own runtime exception (a
     * configuration error, say), or the checked cause wrapped.
     */
    static RuntimeException causeOf(java.util.concurrent.ExecutionException e) {
        Throwable cause = e.getCause();
        return cause instanceof RuntimeException runtime ? runtime : new IllegalStateException(cause);
    }

    /**
     * Returns whether the process is exiting under the command (Ctrl-C, SIGTERM). What fails from then on (a run
     * stopped, a file no longer published), or still finishes, is not reported: {@link Interruption} prints the one
     * line that says the command was interrupted.
     */
    static boolean exiting() {
        return ProcessExit.underway();
    }

    /**
     * Runs {@code print}, a progress line of the command, unless the process is exiting under the command; under the
     * lock {@link Interruption}'s line is printed with, so that a line checked before the exit began and printed after
     * cannot follow the line that says the command was interrupted.
     */
    static void printUnlessExiting(Runnable print) {
        synchronized (PROGRESS_LINES) {
            if (!exiting()) {
                print.run();
            }
        }
    }

    /** Runs {@code print}, the interruption's line, after any progress line being printed and before any other. */
    static void printLast(Runnable print) {
        synchronized (PROGRESS_LINES) {
            print.run();
        }
    }

    /**
     * Reports an {@link Error} that ended the command, which picocli hands to no handler: one line, exit code 1 (or
     * nothing, exit 130, when the process is exiting under the command).
     */
    static int report(Error e, PrintStream err) {
        if (System.getenv("OVERBOOK_DEBUG") != null) {
            e.printStackTrace(err);
        }
        if (exiting()) {
            return INTERRUPTED;
        }
        err.println("overbook: " + e.getClass().getSimpleName() + ": " + Quoted.line(e.getMessage()));
        return FAILURE;
    }

    @Override
    public int handleExecutionException(Exception e, CommandLine commandLine, ParseResult parseResult) {
        if (System.getenv("OVERBOOK_DEBUG") != null) {
            e.printStackTrace(commandLine.getErr());
        }
        if (exiting()) {
            return INTERRUPTED;
        }
        if (e instanceof ConfigurationException) {
            commandLine.getErr().println("overbook: configuration error: " + e.getMessage());
            return CONFIGURATION_ERROR;
        }
        if (e instanceof RunFailure) {
            commandLine.getErr().println("overbook: " + Quoted.line(e.getMessage()));
            return FAILURE;
        }
        String message = e.getMessage();
        if (e instanceof java.io.UncheckedIOException && e.getCause() != null && e.getCause().getMessage() != null
                && !message.contains(e.getCause().getMessage())) {
            // "cannot write X" alone hides why: no space left on the device, a permission, ...
            message += ": " + e.getCause().getMessage();
        }
        commandLine.getErr().println("overbook: " + e.getClass().getSimpleName() + ": " + Quoted.line(message));
        return FAILURE;
    }
}
