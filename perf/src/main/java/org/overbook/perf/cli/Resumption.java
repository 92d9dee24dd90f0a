package org.overbook.perf.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.overbook.guest.ConfigurationException;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.resume.BuildStamp;
import org.overbook.perf.resume.Lookup;
import org.overbook.perf.resume.PointStore;
import org.overbook.perf.resume.StoreOwner;
import org.overbook.perf.run.PointCache;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.SweepPoint;

/**
 * The simulations of a {@code run} or {@code sweep} and the results its folder stores ({@link PointStore}): with
 * {@code --resume}, those stored for the very same points by the same build are reused and only the rest run;
 * without it, the folder's run is replaced, so its stored results go first. Every simulation run is stored as it
 * finishes, before the folder is written with it, and the store goes once the command has written the whole folder.
 * A reused result is the same bytes a run would give (determinism), so nothing downstream tells them apart.
 */
final class Resumption {

    private final PointStore store;
    private final List<SweepPoint> runs;
    /** The reused results, by place in {@link #runs}. */
    private final Map<Integer, TimedResult> reused;

    private Resumption(PointStore store, List<SweepPoint> runs, Map<Integer, TimedResult> reused) {
        this.store = store;
        this.runs = runs;
        this.reused = reused;
    }

    /**
     * Returns the resumption of {@code runs} (every point's {@code replications} replicas, in order) into {@code folder}:
     * with {@code resume}, reusing what the folder stores, and saying on {@code out} how many were reused (or that there
     * was nothing to resume), and on {@code err} which stored results could not be used; without, clearing the store.
     * {@code owner} is this command's, recorded with the first result it stores; with {@code resume}, a store another
     * command wrote (a density search's, say) is refused ({@link ForeignStore}), as is one that holds no point of
     * {@code runs}.
     */
    static Resumption of(boolean resume, Path folder, List<SweepPoint> runs, int replications, BuildStamp stamp,
                         StoreOwner owner, PrintWriter out, PrintWriter err) {
        PointStore store = new PointStore(folder.resolve(ResultsWriter.WORK), stamp, owner);
        if (!resume) {
            store.clear();
            return new Resumption(store, runs, Map.of());
        }
        if (store.size() == 0) {
            ResumeLines.nothingStored(out, folder, "all " + runs.size() + " points");
            return new Resumption(store, runs, Map.of());
        }
        ForeignStore.refuseUnlessOurs(folder, store, owner);
        Map<Integer, TimedResult> found = new HashMap<>();
        int otherBuild = 0;
        int absent = 0;
        for (int i = 0; i < runs.size(); i++) {
            switch (store.find(runs.get(i))) {
                case Lookup.Found stored -> found.put(i, stored.result());
                case Lookup.Absent none -> absent++;
                case Lookup.OtherBuild other -> otherBuild++;
                case Lookup.Unusable unusable -> ResumeLines.unusable(err, name(runs.get(i), runs.size() / replications, replications),
                        unusable.reason());
            }
        }
        if (absent == runs.size()) {
            throw new ConfigurationException("--resume", "'" + folder + "' stores " + store.size() + " finished point"
                    + (store.size() == 1 ? "" : "s") + " of an interrupted run, none of them a point of this scenario (that run"
                    + " was of another scenario file, or of this one before its points were edited), and resuming would replace"
                    + " them; accepted: the interrupted command with its scenario as it was, or the command without --resume to"
                    + " replace that run");
        }
        ResumeLines.otherBuild(err, otherBuild);
        ResumeLines.reused(out, found.size(), runs.size());
        return new Resumption(store, runs, Map.copyOf(found));
    }

    /** Returns how many simulations are reused. */
    int reused() {
        return reused.size();
    }

    /** Returns whether the simulation at {@code place} is reused. */
    boolean isReused(int place) {
        return reused.containsKey(place);
    }

    /**
     * Returns the result of the simulation at {@code place}: the stored one if reused, else the cache's, stored as it
     * completes ({@code progress} is the run's, as {@link PointCache#get} takes it).
     */
    CompletableFuture<TimedResult> get(int place, PointCache cache, Runner.Progress progress) {
        TimedResult stored = reused.get(place);
        if (stored != null) {
            return CompletableFuture.completedFuture(stored);
        }
        SweepPoint replica = runs.get(place);
        return cache.get(replica, progress).thenApply(result -> {
            store.save(replica, result);
            return result;
        });
    }

    /** Removes the stored results, for a command that has written its whole folder. */
    void completed() {
        store.clear();
    }

    /** Returns {@code point 3 of 40}, with the replication's seed if replicated, and its label. */
    private static String name(SweepPoint replica, int points, int replications) {
        return "point " + replica.index() + " of " + points + RunCommand.replicationName(replica, replications)
                + (replica.label().isEmpty() ? "" : " (" + replica.label() + ")");
    }
}
