package org.overbook.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Whether the JVM has begun to exit, told by its refusing a shutdown hook: as it refuses one added once the exit has
 * begun, and one removed when the exit began between the probe's adding and its removal.
 */
class ProcessExitTest {

    /** Shutdown hooks whose exit begins after {@code callsBeforeExit} calls, an add or a remove each. */
    private static final class Exiting implements ProcessExit.Hooks {
        private final int callsBeforeExit;
        private final List<Thread> registered = new ArrayList<>();
        private int calls;

        Exiting(int callsBeforeExit) {
            this.callsBeforeExit = callsBeforeExit;
        }

        @Override
        public void add(Thread hook) {
            refuseOnceExiting();
            registered.add(hook);
        }

        @Override
        public void remove(Thread hook) {
            refuseOnceExiting();
            registered.remove(hook);
        }

        private void refuseOnceExiting() {
            if (calls++ >= callsBeforeExit) {
                throw new IllegalStateException("Shutdown in progress"); // what ApplicationShutdownHooks throws
            }
        }
    }

    @Test
    void notExitingLeavesNoHookBehind() {
        Exiting hooks = new Exiting(Integer.MAX_VALUE);
        assertFalse(ProcessExit.underway(hooks));
        assertEquals(List.of(), hooks.registered, "the probe is removed");
    }

    @Test
    void anExitBegunBeforeTheProbeIsUnderway() {
        assertTrue(ProcessExit.underway(new Exiting(0)));
    }

    @Test
    void anExitBegunBetweenTheProbesAddingAndItsRemovalIsUnderwayNotAFailure() {
        assertTrue(ProcessExit.underway(new Exiting(1)));
    }

    @Test
    void thisJvmIsNotExiting() {
        assertFalse(ProcessExit.underway());
    }
}
