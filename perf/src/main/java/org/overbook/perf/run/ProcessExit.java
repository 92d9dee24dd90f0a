package org.overbook.perf.run;

/**
 * Whether this JVM has begun to exit: Ctrl-C (SIGINT), SIGTERM or {@link System#exit}. Runs stop at their next
 * progress slice once it has ({@link Runner}), so that the shutdown hooks remove their swap files only after their
 * swap stores are closed, and commands print the one line of an interrupted command instead of the failures the
 * exit causes.
 *
 * <p>It keeps no state of its own: the JVM refuses a new shutdown hook once it has begun to exit, and that refusal
 * is the answer, true from the instant the first hook may run.
 */
public final class ProcessExit {

    private ProcessExit() {
    }

    /** Returns whether the JVM has begun to exit (its shutdown hooks run, or are about to). */
    public static boolean underway() {
        Thread probe = new Thread(() -> { }, "overbook-exit-probe");
        try {
            Runtime.getRuntime().addShutdownHook(probe);
        } catch (IllegalStateException exiting) {
            return true;
        }
        Runtime.getRuntime().removeShutdownHook(probe);
        return false;
    }
}
