package org.overbook.perf.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;

/** What {@code --resume} says, the same for every command that takes it: a line each, flushed. */
final class ResumeLines {

    private ResumeLines() {
    }

    /** Says on {@code out} that {@code folder} stores nothing to resume, and what runs instead ({@code all 28 points}). */
    static void nothingStored(PrintWriter out, Path folder, String running) {
        out.printf("nothing to resume in %s (no finished point of an interrupted run is stored there); running %s%n",
                folder.toAbsolutePath(), running);
        out.flush();
    }

    /**
     * Warns on {@code err} that {@code count} stored results are of another build (nothing if none), which run again. The
     * build stamp covers the class path, so the results a run on threads stored are another build's to a run with
     * {@code --master} (Spark's libraries join its class path), and the other way round, with no source changed: the
     * line names both causes.
     */
    static void otherBuild(PrintWriter err, int count) {
        if (count > 0) {
            err.printf(Locale.ROOT, "overbook: warning: --resume: %d stored result%s computed by another build of Overbook"
                    + " or on another class path (its code or a plug-in changed since, or a run on threads stored %s and"
                    + " this one has --master, or the other way round); %s again%n", count, count == 1 ? " was" : "s were",
                    count == 1 ? "it" : "them", count == 1 ? "its point runs" : "their points run");
            err.flush();
        }
    }

    /** Warns on {@code err} that the stored result of {@code point} (as a line names it) cannot be used, and why. */
    static void unusable(PrintWriter err, String point, String reason) {
        err.printf("overbook: warning: --resume: the stored result of %s cannot be used (%s); it runs again%n", point, reason);
        err.flush();
    }

    /** Says on {@code out} how many of {@code points} were reused. */
    static void reused(PrintWriter out, int reused, int points) {
        out.printf(Locale.ROOT, "reused %d of %d points from an interrupted run%n", reused, points);
        out.flush();
    }
}
