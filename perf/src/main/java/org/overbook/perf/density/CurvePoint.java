package org.overbook.perf.density;

import java.util.List;
import java.util.Objects;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.run.TimedResult;

/**
 * One probe of a density search: a number of tenants, run and judged.
 *
 * @param step       its place in the search, from 1: the order the search asked for it
 * @param tenants    server tenants
 * @param clients    client tenants (equal to {@code tenants} when linked)
 * @param overcommit the server tenants' memory over the host's RAM
 * @param judgement  whether every tenant met the objective, and the worst figures
 * @param timed      the run, with its index among the curve's points (in order of tenants)
 * @param retries    what {@code --auto-window} lengthened before this run, one entry per re-run, in order
 *                   ({@code warm-up 40.0 ms -> 70.0 ms (the last load phase ends at about 55.8 ms)}); empty when it ran once
 */
public record CurvePoint(int step, int tenants, int clients, double overcommit, Judgement judgement, TimedResult timed,
                         List<String> retries) {

    public CurvePoint {
        Objects.requireNonNull(judgement, "judgement");
        Objects.requireNonNull(timed, "timed");
        retries = List.copyOf(retries);
    }

    /** A probe that ran once. */
    public CurvePoint(int step, int tenants, int clients, double overcommit, Judgement judgement, TimedResult timed) {
        this(step, tenants, clients, overcommit, judgement, timed, List.of());
    }

    /** Returns whether every tenant met the objective. */
    public boolean meets() {
        return judgement.meets();
    }

    /** Returns the throughput of every tenant together, operations per second. */
    public double totalThroughput() {
        Number n = timed.result().total().get(Metrics.THROUGHPUT);
        return n == null ? 0 : n.doubleValue();
    }
}
