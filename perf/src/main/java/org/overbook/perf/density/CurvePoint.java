package org.overbook.perf.density;

import java.util.ArrayList;
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
 * @param judgement  whether every tenant met the objective (in every replication), and the worst figures
 * @param timed      the run under the scenario's own seed (replication 0), with its index among the curve's points (in
 *                   order of tenants): the run the results folder shows
 * @param others     the runs of the probe's other replications, in order; empty when each probe runs once
 * @param retries    what {@code --auto-window} lengthened before this run, one entry per re-run, in order
 *                   ({@code warm-up 40.0 ms -> 70.0 ms (the last load phase ends at about 55.8 ms)}); empty when it ran once
 */
public record CurvePoint(int step, int tenants, int clients, double overcommit, Judgement judgement, TimedResult timed,
                         List<TimedResult> others, List<String> retries) {

    public CurvePoint {
        Objects.requireNonNull(judgement, "judgement");
        Objects.requireNonNull(timed, "timed");
        others = List.copyOf(others);
        retries = List.copyOf(retries);
    }

    /** Returns whether every tenant met the objective. */
    public boolean meets() {
        return judgement.meets();
    }

    /**
     * Returns the throughput of every tenant together, operations per second: the mean over the probe's replications
     * that measured one (0 when none did).
     */
    public double totalThroughput() {
        return runs().stream().map(run -> run.result().total().get(Metrics.THROUGHPUT)).filter(Objects::nonNull)
                .mapToDouble(Number::doubleValue).average().orElse(0);
    }

    /** Returns every replication's run, replication 0 first. */
    public List<TimedResult> runs() {
        List<TimedResult> runs = new ArrayList<>(1 + others.size());
        runs.add(timed);
        runs.addAll(others);
        return runs;
    }

    /**
     * Returns the data mismatches of every replication together: a value read back other than the one written in any
     * of them fails the probe, so all of them count.
     */
    public long mismatches() {
        return runs().stream().mapToLong(run -> run.result().mismatches()).sum();
    }
}
