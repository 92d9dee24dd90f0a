package org.overbook.perf.cli;

import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import org.overbook.perf.run.ForwardingPointExecutor;
import org.overbook.perf.run.PointExecutor;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.SweepPoint;

/**
 * The simulations a density search started, counted as each starts, by the number of tenants of the probe it is for:
 * every replication of a probe, every {@code --auto-window} re-run, and every run of a speculative probe, finished or
 * abandoned. A point reused from the store ({@code --resume}) starts nothing and is not counted. Which probes the search
 * consulted is known once it is over; the runs of the other tenant counts are the speculative ones.
 */
final class ProbeRuns extends ForwardingPointExecutor {

    private final Map<Integer, Long> started = new TreeMap<>();

    /** @param points where the simulations run */
    ProbeRuns(PointExecutor points) {
        super(points);
    }

    @Override
    public CompletableFuture<TimedResult> run(SweepPoint point, Runner.Progress progress) {
        synchronized (started) {
            started.merge(point.scenario().tenants().size(), 1L, Long::sum);
        }
        return points().run(point, progress);
    }

    /** Returns how many simulations started. */
    long started() {
        synchronized (started) {
            return started.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    /** Returns how many simulations started for probes of a tenant count not in {@code consulted}. */
    long startedExcept(Collection<Integer> consulted) {
        synchronized (started) {
            return started.entrySet().stream().filter(e -> !consulted.contains(e.getKey())).mapToLong(Map.Entry::getValue).sum();
        }
    }
}
