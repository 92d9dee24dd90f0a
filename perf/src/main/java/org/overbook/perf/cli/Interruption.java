package org.overbook.perf.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BooleanSupplier;
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
 *
 * <p>The command, when it returns, and the hook take one lock ({@link #finished(Runnable)}): a command that returned
 * before the exit began releases its folders and gets no line; one that returned because of it leaves them to the
 * hook. Shutdown hooks run concurrently with each other and with the main thread (JDK {@code Runtime.addShutdownHook}).
 */
final class Interruption {

    /** Whether the process has begun to exit ({@link ErrorReporter#exiting()}; a test's own signal). */
    private final BooleanSupplier exiting;
    /** Set once the command has returned before the process began to exit; read and set under this object's lock. */
    private boolean finished;

    /** An interruption told of the exit by the JVM; without {@link #install} it prints nothing (a command line in a test). */
    Interruption() {
        this(ErrorReporter::exiting);
    }

    Interruption(BooleanSupplier exiting) {
        this.exiting = exiting;
    }

    /** Installs the hook, printing on {@code err}; call {@link #finished()} once the command has returned. */
    static Interruption install(PrintStream err) {
        Interruption interruption = new Interruption();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> interruption.onExit(err), "overbook-interrupted"));
        return interruption;
    }

    /**
     * Marks the command as having returned and returns whether it ran to its end, as {@link #finished(Runnable)} does,
     * with nothing to release.
     */
    boolean finished() {
        return finished(() -> { });
    }

    /**
     * Marks the command as having returned and, if it ran to its end (the process had not begun to exit), runs
     * {@code release}, which releases its results folders, and returns true. A command that returned because the
     * process began to exit under it (its runs stopped by the signal) leaves its folders to the hook, which releases
     * them and names those holding results: false.
     *
     * <p>This and the hook take one lock, and the process has begun to exit before any hook runs: either this finds the
     * process exiting, or the hook finds the command finished and its folders released. A signal that comes as the
     * command returns cannot make the hook say that nothing was written while the command's results are complete.
     */
    synchronized boolean finished(Runnable release) {
        if (!finished && !exiting.getAsBoolean()) {
            finished = true;
            release.run();
        }
        return finished;
    }

    /**
     * The hook: unless the command returned before the exit began, releases every claim ({@link ResultsLock#releaseAll()})
     * and prints the line naming the folders that hold results, on {@code err}.
     */
    synchronized void onExit(PrintStream err) {
        if (finished) {
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
