package org.overbook.perf.density;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.TimedResult;

/**
 * Puts the probes a search has consulted in order of tenants, the curve's points, each with its step and its runs
 * (every replication's) numbered by its place (the point of the results folder). A probe whose place is unchanged since the last call
 * is the same object as then, so a writer that remembers what it drew for a run ({@code ResultsWriter}) draws
 * again only the probes a new one moved.
 */
final class PointNumbering {

    /** The point last returned for each number of tenants. */
    private final Map<Integer, CurvePoint> last = new HashMap<>();

    /** Returns {@code probes} in order of tenants, numbered. */
    List<CurvePoint> points(List<DensitySearch.Probe<CurvePoint>> probes) {
        List<DensitySearch.Probe<CurvePoint>> byTenants = probes.stream()
                .sorted(Comparator.comparingInt(DensitySearch.Probe::tenants)).toList();
        List<CurvePoint> points = new ArrayList<>();
        for (DensitySearch.Probe<CurvePoint> probe : byTenants) {
            int index = points.size();
            CurvePoint earlier = last.get(probe.tenants());
            CurvePoint point = earlier != null && earlier.timed().result().index() == index ? earlier
                    : numbered(probe.result(), probe.step(), index);
            last.put(probe.tenants(), point);
            points.add(point);
        }
        return points;
    }

    /** Returns {@code p} at {@code step} of the search, with the run of every replication numbered {@code index}. */
    private static CurvePoint numbered(CurvePoint p, int step, int index) {
        return new CurvePoint(step, p.tenants(), p.clients(), p.overcommit(), p.judgement(), numbered(p.timed(), index),
                p.others().stream().map(run -> numbered(run, index)).toList(), p.retries());
    }

    private static TimedResult numbered(TimedResult run, int index) {
        RunResult r = run.result();
        return run.withResult(r.relabeled(index, r.label(), r.values(), r.yaml()));
    }
}
