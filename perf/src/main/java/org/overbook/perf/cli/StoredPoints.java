package org.overbook.perf.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.resume.BuildStamp;
import org.overbook.perf.resume.PointStore;
import org.overbook.perf.resume.StoreOwner;
import org.overbook.perf.resume.StoringExecutor;
import org.overbook.perf.run.PointExecutor;
import org.overbook.perf.scenario.SweepPoint;

/**
 * The stored points of a command that asks for its points as it goes ({@code density}, whose next probe depends on
 * the last; {@code reproduce} and {@code sensitivity}, whose points follow from the presets and the study's plan): every
 * simulation's result is stored as it finishes ({@link StoringExecutor}), and with {@code --resume} a point the folder
 * stores for this build is taken from it when the command asks for it. Without {@code --resume} the command replaces
 * the folder's run, so its stored results go first; once the command has written its whole folder they go too. What
 * it says: up front, how many results the folder stores (and how many of them another build computed), or that it
 * stores none; as a point comes up whose stored file fails its checks, a line naming it; at the end, how many of the
 * points asked for were reused.
 */
final class StoredPoints {

    private final Path folder;
    private final PointStore store;
    private final StoringExecutor executor;
    private final boolean resume;

    private StoredPoints(Path folder, PointStore store, StoringExecutor executor, boolean resume) {
        this.folder = folder;
        this.store = store;
        this.executor = executor;
        this.resume = resume;
    }

    /**
     * Returns the stored points of a command writing {@code folder}, its points run on {@code points} unless reused
     * ({@code resume}); says on {@code out} and {@code err} what the folder stores, when resuming.
     *
     * @param pluginJars the {@code --plugins} jars, part of the build that computes a result
     * @param owner      the command and what its points follow from: a store another command, or other scenarios,
     *                   wrote is refused with {@code --resume} ({@link ForeignStore})
     * @throws org.overbook.guest.ConfigurationException naming {@code --resume} for such a store
     */
    static StoredPoints open(boolean resume, Path folder, PointExecutor points, List<Path> pluginJars, StoreOwner owner,
                             PrintWriter out, PrintWriter err) {
        PointStore store = new PointStore(folder.resolve(ResultsWriter.WORK), BuildStamp.ofThisProcess(pluginJars), owner);
        if (!resume) {
            store.clear();
        } else if (store.size() == 0) {
            ResumeLines.nothingStored(out, folder, "every point");
        } else {
            ForeignStore.refuseUnlessOurs(folder, store, owner);
            ResumeLines.otherBuild(err, store.ofOtherBuilds());
            int stored = store.size();
            out.printf(Locale.ROOT, "resuming the interrupted run in %s: %d finished point%s stored, each reused when the"
                    + " command asks for its point%n", folder.toAbsolutePath(), stored, stored == 1 ? "" : "s");
            out.flush();
        }
        StoringExecutor executor = new StoringExecutor(points, store, resume,
                (point, reason) -> ResumeLines.unusable(err, name(point), reason));
        return new StoredPoints(folder, store, executor, resume);
    }

    /** Returns where the command's points run: through the store. */
    PointExecutor executor() {
        return executor;
    }

    /**
     * Removes the stored results, for a command that has written its whole folder, and says on {@code out}, when
     * resuming, how many of the points asked for were reused.
     */
    void completed(PrintWriter out) {
        store.clear();
        RunCommand.deleteIfEmpty(folder.resolve(ResultsWriter.WORK));
        if (resume) {
            ResumeLines.reused(out, executor.reused(), executor.asked());
        }
    }

    /** Returns {@code point 2 (nic.memory-policy=pin-all), seed 7}: its place, its label if any, and its seed. */
    private static String name(SweepPoint point) {
        return "point " + point.index() + (point.label().isEmpty() ? "" : " (" + point.label() + ")") + ", seed "
                + point.scenario().seed();
    }
}
