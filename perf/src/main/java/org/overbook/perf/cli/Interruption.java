package org.overbook.perf.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.overbook.perf.report.ResultsLock;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.resume.PointStore;

/**
 * The one line an interrupted command prints (Ctrl-C, SIGTERM), whichever command it was: from a shutdown hook,
 * since the JVM exits on the signal without returning to the command. The hook also releases the results folders
 * the command held ({@link ResultsLock#releaseAll()}) and names those holding what was written. A command that ran
 * to its end says nothing more. Meanwhile the command's own failures, which the exit causes (a run stopped, a file
 * no longer published), are not reported ({@link ErrorReporter}), and the swap area's hook removes the swap files
 * once the runs have stopped.
 */
final class Interruption {

    private volatile boolean finished;

    Interruption() {
    }

    /** Installs the hook, printing on {@code err}; call {@link #finished()} once the command has returned. */
    static Interruption install(PrintStream err) {
        Interruption interruption = new Interruption();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> interruption.onExit(err), "overbook-interrupted"));
        return interruption;
    }

    /**
     * Marks the command as having returned: exiting now is not an interruption. A command that returned because the
     * process began to exit under it (its runs stopped by the signal) was interrupted all the same, so the hook, which
     * may not have looked yet, still prints its line.
     */
    void finished() {
        finished(ErrorReporter.exiting());
    }

    /** Marks the command as having returned, unless it returned with the process {@code exiting} under it. */
    void finished(boolean exiting) {
        if (!exiting) {
            finished = true;
        }
    }

    /** Returns whether an exit now interrupts the command: it has not returned, or returned as the process began to exit. */
    boolean interrupted() {
        return !finished;
    }

    private void onExit(PrintStream err) {
        if (!interrupted()) {
            return;
        }
        List<Path> written = ResultsLock.releaseAll();
        java.io.Console console = System.console();
        // after a progress bar or the terminal's ^C, the line starts a line of its own
        ErrorReporter.printLast(() -> {
            err.println((console != null && console.isTerminal() ? "\n" : "") + line(written));
            err.flush();
        });
    }

    /**
     * Returns the line: where the results written so far are, with how many finished points each folder stores for
     * {@code --resume} ({@link PointStore}), or that there are none. The count is what {@code --resume} will find: it
     * waits for a point being stored, and no point is stored once the process has begun to exit. The line names {@code --out} with {@code --resume}:
     * a command that wrote a new folder of its own was given none, and {@code --resume} needs it.
     */
    static String line(List<Path> written) {
        return written.isEmpty() ? "overbook: interrupted; no results were written"
                : "overbook: interrupted; the results written so far are in "
                        + written.stream().map(Interruption::folder).collect(Collectors.joining(", "));
    }

    private static String folder(Path folder) {
        int stored = PointStore.count(folder.resolve(ResultsWriter.WORK));
        return folder.toAbsolutePath() + (stored == 0 ? "" : " (" + stored + " finished point" + (stored == 1 ? "" : "s")
                + " stored: the same command with --out naming this folder and --resume reuses " + (stored == 1 ? "it" : "them")
                + ")");
    }
}
