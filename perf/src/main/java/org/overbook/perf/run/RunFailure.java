package org.overbook.perf.run;

import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CancellationException;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.GuestOutOfMemoryException;
import org.overbook.guest.Registry;
import org.overbook.hypervisor.memory.HostOutOfMemoryException;
import org.overbook.hypervisor.sim.Simulation;
import org.overbook.perf.scenario.SweepPoint;

/**
 * A run that stopped because code inside the model threw: a workload's or a policy's bug (a plug-in's, often) or
 * an invariant of the model's that broke. Its message is the one line the command prints: which point, at what
 * virtual time, what was thrown and from where, the caller's own code first (a plug-in's frame when there is
 * one), so that its author can find the line without a stack trace ({@code OVERBOOK_DEBUG=1} prints the whole
 * one). A configuration error is the user's to fix and stays as it is. A tenant whose guest memory ran out is named
 * with the scenario field that gives it more. A run elsewhere (a cluster's task, whose scenario is its point alone)
 * fails as one too, named by the point the command asked for, its words brought back when its exception was not.
 */
public final class RunFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;
    /**
     * The classes whose frames start a plug-in's code in a run: the simulation's dispatch (every event's code), and the
     * runner's building of a testbed, where a policy's code (a memory policy's attach) runs first.
     */
    private static final Set<String> CALLERS = Set.of(Simulation.class.getName(), Runner.class.getName());

    /** What to change when the host ran out of frames: only pinned memory keeps reclaim from making room. */
    private static final String PINNED_HOST = "; raise host.memory, or pin less (nic.memory-policy: pin-on-register and "
            + "pin-down-cache pin every buffer a workload registers, on-demand pins none)";

    /** How the account of a run that stopped in the model opens, after the point's name and label. */
    private static final String STOPPED = " stopped at ";

    /** The point's label as the message gives it ({@code " (tenants.count=2)"}), or nothing. */
    private final String label;
    /** What the message says after the point's name and label: the virtual time, what was thrown and from where. */
    private final String account;

    private RunFailure(String name, String label, String account, Throwable cause) {
        super(name + label + account, cause);
        this.label = label;
        this.account = account;
    }

    /**
     * Returns {@code cause} (an exception, or an error a plug-in's bug throws: an AssertionError, a class its jar lacks),
     * named with the point it stopped and the virtual time, unless it is a configuration error or the run was
     * abandoned (a {@link CancellationException}: its progress no longer wanted it, or the process is exiting), which
     * stay as they are.
     */
    static RuntimeException of(SweepPoint point, long nowNanos, Throwable cause) {
        return of(point, nowNanos, null, cause);
    }

    /**
     * Returns {@code cause} as {@link #of(SweepPoint, long, Throwable)} does, {@code who} naming whose code threw it when
     * that is known ({@code "tenant s1's workload 'rpc-server' (rpc.jar)"}, else {@code null}): the line then says that
     * it failed while it ran.
     */
    static RuntimeException of(SweepPoint point, long nowNanos, String who, Throwable cause) {
        if (cause instanceof ConfigurationException || cause instanceof RunFailure || cause instanceof CancellationException) {
            return (RuntimeException) cause;
        }
        return at(point, nowNanos, (who == null ? "" : who + " failed while it ran: ") + thrown(cause)
                + (cause instanceof GuestOutOfMemoryException full ? whatToChange(point, full.tenant()) : "")
                + (cause instanceof HostOutOfMemoryException ? PINNED_HOST : ""), cause);
    }

    /**
     * Returns the failure of {@code point} at {@code nowNanos} of virtual time, {@code what} saying what went wrong
     * ({@code "tenant s0's workload 'echo' (echo.jar) reported counter requests = -3; ..."}).
     */
    static RunFailure at(SweepPoint point, long nowNanos, String what, Throwable cause) {
        return new RunFailure(name(point), label(point),
                String.format(Locale.ROOT, "%s%,d ns of virtual time: %s", STOPPED, nowNanos, what), cause);
    }

    /**
     * Says what was thrown and where, as the end of a failure's line: {@code IllegalStateException: its message (at
     * the plug-in's frame)}, without a message the thrower gave none ({@code StackOverflowError}).
     */
    static String thrown(Throwable cause) {
        StackTraceElement at = whereThrown(cause);
        return cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage())
                + (at == null ? "" : " (at " + at + ")");
    }

    /**
     * Returns the failure of a run of {@code point} elsewhere whose exception did not come back, only words:
     * {@code account} says what happened, after the point's name and label ({@code " failed on the cluster: ..."}, or
     * the {@link #account(String) account} of the run's own message).
     */
    public static RunFailure reported(SweepPoint point, String account, Throwable cause) {
        return new RunFailure(name(point), label(point), account, cause);
    }

    /**
     * Returns what a run failure's {@code message} says after its point's name and label ({@code " stopped at ..."}),
     * or the whole message after a colon if it is not one.
     */
    public static String account(String message) {
        int stopped = message.indexOf(STOPPED);
        return stopped < 0 ? ": " + message : message.substring(stopped);
    }

    /**
     * Returns this failure named as {@code point} is ({@code point 2 (host.memory=512MiB)}): a run elsewhere (a cluster's
     * task) ran a scenario of that one point, which names itself point 0, with no label.
     */
    public RunFailure namedAs(SweepPoint point) {
        return copy(name(point), label(point));
    }

    /**
     * Returns this failure with its point called {@code name} rather than by its place among the file's points: a
     * density search's probe is not one of its file's points, and names itself as the search does ({@code probe 3}).
     */
    public RunFailure named(String name) {
        return copy(name, label);
    }

    private RunFailure copy(String name, String label) {
        RunFailure renamed = new RunFailure(name, label, account, getCause());
        renamed.setStackTrace(getStackTrace());
        return renamed;
    }

    private static String name(SweepPoint point) {
        return "point " + point.index();
    }

    private static String label(SweepPoint point) {
        return point.label().isEmpty() ? "" : " (" + point.label() + ")";
    }

    /**
     * What to change when tenant {@code name}'s guest memory ran out: its {@code memory} field, named as the file writes
     * it ({@code clients.template.memory}, {@code tenants[1].memory}), or the workload's allocations.
     */
    static String whatToChange(SweepPoint point, String name) {
        String field = point.memoryField(name);
        return field == null ? "" : "; raise " + field + " (tenant " + name + "'s memory), or have its workload allocate less";
    }

    /**
     * Where the event's code threw: among the frames above the simulation's dispatch (the event's own code), or above
     * the runner's when the testbed was being built, the first outside the JDK and Overbook (a plug-in's), else the
     * frame that threw (for guest memory that ran out, the frame that asked for it: a built-in workload's).
     */
    static StackTraceElement whereThrown(Throwable cause) {
        StackTraceElement at = Registry.pluginFrame(cause, CALLERS);
        StackTraceElement[] frames = cause.getStackTrace();
        if (cause instanceof GuestOutOfMemoryException && at != null && at.equals(frames[0])
                && at.getClassName().startsWith("org.overbook.")) {
            // no plug-in's frame, and the guest memory's allocate threw: the code that asked for the memory is its caller
            for (StackTraceElement frame : frames) {
                if (!frame.getClassName().equals(frames[0].getClassName())) {
                    return frame;
                }
            }
        }
        return at;
    }
}
