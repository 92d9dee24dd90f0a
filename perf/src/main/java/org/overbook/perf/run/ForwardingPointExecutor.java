package org.overbook.perf.run;

/**
 * A {@link PointExecutor} in front of another, which runs the points: a subclass changes what asking for a point does
 * (counts it, stores its result, takes it from a store) and this forwards the rest, how many points run at once, where
 * they run, and closing, to the executor behind.
 */
public abstract class ForwardingPointExecutor implements PointExecutor {

    private final PointExecutor points;

    /** @param points where the points run */
    protected ForwardingPointExecutor(PointExecutor points) {
        this.points = points;
    }

    /** Returns the executor behind this one, where the points run. */
    protected final PointExecutor points() {
        return points;
    }

    @Override
    public final int parallelism() {
        return points.parallelism();
    }

    @Override
    public final String describe() {
        return points.describe();
    }

    /** Closes the executor behind this one. */
    @Override
    public void close() {
        points.close();
    }
}
