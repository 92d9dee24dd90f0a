package org.overbook.perf.cli;

import java.io.PrintWriter;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.overbook.perf.run.Runner;

/**
 * Shows how far a point's simulation has got: a progress bar (me.tongfei progressbar, on standard error)
 * when standard output is a terminal, otherwise a plain line at every quarter of its virtual time.
 */
final class ProgressDisplay implements Runner.Progress, AutoCloseable {

    private static final int STEPS = 1000;

    private final PrintWriter out;
    private final String task;
    private final ProgressBar bar;
    private int quarter;

    private ProgressDisplay(PrintWriter out, String task, boolean terminal) {
        this.out = out;
        this.task = task;
        this.bar = terminal ? new ProgressBarBuilder().setTaskName(task).setInitialMax(STEPS)
                .setStyle(ProgressBarStyle.ASCII).setUnit("‰", 1).build() : null;
    }

    /** Returns a display for {@code task}, a bar when the JVM's console is a terminal. */
    static ProgressDisplay of(PrintWriter out, String task) {
        java.io.Console console = System.console();
        return new ProgressDisplay(out, task, console != null && console.isTerminal());
    }

    /** Returns a display for {@code task} that prints plain lines, for points that run side by side. */
    static ProgressDisplay lines(PrintWriter out, String task) {
        return new ProgressDisplay(out, task, false);
    }

    @Override
    public void at(long nowNanos, long endNanos) {
        long steps = endNanos == 0 ? STEPS : nowNanos * STEPS / endNanos;
        if (bar != null) {
            bar.stepTo(steps);
            return;
        }
        int reached = (int) (steps * 4 / STEPS);
        if (reached > quarter) {
            quarter = reached;
            synchronized (out) {
                out.printf("  %s: %d%% of %.0f ms simulated%n", task, quarter * 25, endNanos / 1e6);
                out.flush();
            }
        }
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
        }
    }
}
