package org.overbook.perf.run;

import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CancellationException;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.Registry;
import org.overbook.hypervisor.sim.Simulation;
import org.overbook.perf.scenario.SweepPoint;

/**
 * A run that stopped because code inside the model threw: a workload's or a policy's bug (a plug-in's, often) or
 * an invariant of the model's that broke. Its message is the one line the command prints: which point, at what
 * virtual time, what was thrown and from where, the caller's own code first (a plug-in's frame when there is
 * one), so that its author can find the line without a stack trace ({@code OVERBOOK_DEBUG=1} prints the whole
 * one). A configuration error is the user's to fix and stays as it is.
 */
public final class RunFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;
    /**
     * The classes whose frames start a plug-in's code in a run: the simulation's dispatch (every event's code), and the
     * runner's building of a testbed, where a policy's code (a memory policy's attach) runs first.
     */
    private static final Set<String> CALLERS = Set.of(Simulation.class.getName(), Runner.class.getName());

    private RunFailure(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * Returns {@code cause} (an exception, or an error a plug-in's bug throws: an AssertionError, a class its jar lacks),
     * named with the point it stopped and the virtual time, unless it is a configuration error or the run was
     * abandoned (a {@link CancellationException}: its progress no longer wanted it, or the process is exiting), which
     * stay as they are.
     */
    static RuntimeException of(SweepPoint point, long nowNanos, Throwable cause) {
        if (cause instanceof ConfigurationException || cause instanceof RunFailure || cause instanceof CancellationException) {
            return (RuntimeException) cause;
        }
        StackTraceElement at = whereThrown(cause);
        return new RunFailure(String.format(Locale.ROOT, "point %d%s stopped at %,d ns of virtual time: %s: %s%s",
                point.index(), point.label().isEmpty() ? "" : " (" + point.label() + ")", nowNanos,
                cause.getClass().getSimpleName(), cause.getMessage(), at == null ? "" : " (at " + at + ")"), cause);
    }

    /**
     * Where the event's code threw: among the frames above the simulation's dispatch (the event's own code), or above
     * the runner's when the testbed was being built, the first outside the JDK and Overbook (a plug-in's), else the
     * frame that threw.
     */
    static StackTraceElement whereThrown(Throwable cause) {
        return Registry.pluginFrame(cause, CALLERS);
    }
}
