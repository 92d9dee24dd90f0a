package org.overbook.perf.run;

import java.util.ArrayList;
import java.util.List;
import org.overbook.perf.scenario.SweepPoint;

/**
 * The replications of a point: the same scenario under several seeds, so that a figure comes with its spread.
 *
 * <h2>Design</h2>
 * Replication 0 runs under the scenario's own seed, so one replication is exactly the run without any, and a
 * replicated point's first row is the unreplicated point's. Replication {@code i > 0} runs under
 * {@link #seed(long, int)}: one SplitMix64 step (Steele, Lea and Flood 2014, the generator Java's
 * {@code SplittableRandom} uses) of {@code seed + i * 0x9E3779B97F4A7C15}, so the seeds are a pure function of
 * the scenario's seed and the index, well spread even for consecutive seeds, and never read from a clock. A
 * replica is a point with the same index and label and a scenario differing only in its seed: a different key
 * of the {@link PointCache}, so replicas run in parallel like any other points, and the caller keeps them in
 * (point, replication) order, which makes the results independent of the number of threads.
 */
public final class Replications {

    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private Replications() {
    }

    /** Returns the seed of replication {@code replication} of a scenario seeded {@code seed}. */
    public static long seed(long seed, int replication) {
        if (replication < 0) {
            throw new IllegalArgumentException("replication " + replication + " < 0");
        }
        if (replication == 0) {
            return seed;
        }
        long z = seed + replication * GOLDEN_GAMMA;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Returns the {@code count} replicas of {@code point}, replication 0 ({@code point} itself) first. */
    public static List<SweepPoint> of(SweepPoint point, int count) {
        if (count < 1) {
            throw new IllegalArgumentException("replications " + count + " < 1");
        }
        List<SweepPoint> out = new ArrayList<>(count);
        out.add(point);
        for (int i = 1; i < count; i++) {
            out.add(new SweepPoint(point.index(), point.label(), point.values(),
                    point.scenario().withSeed(seed(point.scenario().seed(), i)), point.yaml()));
        }
        return out;
    }

    /** Returns every replica of every point of {@code points}, in (point, replication) order. */
    public static List<SweepPoint> of(List<SweepPoint> points, int count) {
        List<SweepPoint> out = new ArrayList<>(points.size() * count);
        points.forEach(point -> out.addAll(of(point, count)));
        return out;
    }
}
