package org.overbook.perf.run;

/**
 * Whether this JVM has begun to exit: Ctrl-C (SIGINT), SIGTERM or {@link System#exit}. Runs stop at their next
 * progress slice once it has ({@link Runner}), so that the shutdown hooks remove their swap files only after their
 * swap stores are closed, and commands print the one line of an interrupted command instead of the failures the
 * exit causes.
 *
 * <p>It keeps no state of its own: the JVM refuses a new shutdown hook once it has begun to exit, and that refusal
 * is the answer, true from the instant the first hook may run. The probe hook is removed at once; the JVM refuses
 * that too if it began to exit between the two calls, and the answer is then true as well, never a failure.
 */
public final class ProcessExit {

    /** Adding and removing a shutdown hook: the JVM's ({@link Runtime}), or a test's. */
    interface Hooks {
        void add(Thread hook);

        void remove(Thread hook);
    }

    private static final Hooks RUNTIME = new Hooks() {
        @Override
        public void add(Thread hook) {
            Runtime.getRuntime().addShutdownHook(hook);
        }

        @Override
        public void remove(Thread hook) {
            Runtime.getRuntime().removeShutdownHook(hook);
        }
    };

    private ProcessExit() {
    }

    /** Returns whether the JVM has begun to exit (its shutdown hooks run, or are about to). */
    public static boolean underway() {
        return underway(RUNTIME);
    }

    /** Returns whether the exit has begun, as {@code hooks} tell by refusing a probe hook, added or removed. */
    static boolean underway(Hooks hooks) {
        Thread probe = new Thread(() -> { }, "overbook-exit-probe");
        try {
            hooks.add(probe);
            hooks.remove(probe);
        } catch (IllegalStateException exiting) {
            return true;
        }
        return false;
    }
}
