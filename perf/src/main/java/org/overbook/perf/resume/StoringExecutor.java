package org.overbook.perf.resume;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import org.overbook.perf.run.ForwardingPointExecutor;
import org.overbook.perf.run.PointExecutor;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.SweepPoint;

/**
 * A {@link PointExecutor} that stores each point's result in a {@link PointStore} as it finishes and, when it reuses,
 * answers a point the store holds for this build from the store instead of running it.
 *
 * <h2>Design</h2>
 * It stands between what asks for points (a density search, a reproduction, a sensitivity study) and what runs them
 * (threads of this JVM, or a cluster's executors, in which case it is the driver that looks in the store before it
 * sends a point out, and the driver that stores what comes back). So the store is read only for a point the command
 * asks for, when it asks: a search whose next probe depends on the answers before (density) asks for the same points
 * in the same order whatever it reuses, since a stored result is the very result running its point gives (the same
 * resolved scenario and seed, the same build: determinism), and its path cannot change. A point stored by another
 * build runs again; a stored file that fails its checks is told to the caller, with the point, and its point runs
 * again, its new result taking the file's place. A run that fails, or is abandoned (a speculative probe the search
 * ruled out), stores nothing. Closing it closes the executor behind; the store stays as it is.
 */
public final class StoringExecutor extends ForwardingPointExecutor {

    private final PointStore store;
    private final boolean reuse;
    private final BiConsumer<SweepPoint, String> unusable;
    private final AtomicInteger asked = new AtomicInteger();
    private final AtomicInteger reused = new AtomicInteger();

    /**
     * @param points   where the points that are not reused run
     * @param store    where every result is stored
     * @param reuse    whether a point the store holds for this build is taken from it ({@code --resume})
     * @param unusable told of a stored file that fails its checks: the point it was looked up for, and why
     *                 ({@code its checksum does not match}); called on the asking thread
     */
    public StoringExecutor(PointExecutor points, PointStore store, boolean reuse, BiConsumer<SweepPoint, String> unusable) {
        super(points);
        this.store = store;
        this.reuse = reuse;
        this.unusable = unusable;
    }

    @Override
    public CompletableFuture<TimedResult> run(SweepPoint point, Runner.Progress progress) {
        asked.incrementAndGet();
        if (reuse) {
            switch (store.find(point)) {
                case Lookup.Found found -> {
                    reused.incrementAndGet();
                    return CompletableFuture.completedFuture(found.result());
                }
                case Lookup.Unusable file -> unusable.accept(point, file.reason());
                case Lookup.Absent absent -> { }
                case Lookup.OtherBuild other -> { }
            }
        }
        return points().run(point, progress).thenApply(result -> {
            store.save(point, result);
            return result;
        });
    }

    /** Returns how many points were asked for, reused or run. */
    public int asked() {
        return asked.get();
    }

    /** Returns how many points were taken from the store rather than run. */
    public int reused() {
        return reused.get();
    }
}
