package org.overbook.perf.cli;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.overbook.perf.run.PointExecutor;
import org.overbook.perf.sensitivity.Sensitivity;
import org.overbook.perf.sensitivity.SensitivityWriter;
import org.overbook.perf.sensitivity.Study;
import org.overbook.perf.sensitivity.StudyProgress;

/**
 * Runs a sensitivity study a variant at a time and writes its folder as the variants finish, at the pace of
 * {@link PacedWrites}, so that a study stopped part way (Ctrl-C, SIGTERM, a run that failed) keeps the rows it had
 * measured, its {@code sensitivity.md} marked INCOMPLETE. Each variant runs on a thread of its own while this one
 * waits, so that a write the pace held back is made as soon as it allows, not only after the next variant, which may
 * take minutes. The last write, of the whole study, is the caller's.
 */
final class PacedStudy {

    private PacedStudy() {
    }

    /**
     * Runs {@code study} to its end on {@code executor}, telling {@code listener} before each variant and writing with
     * {@code writer} as it goes; returns its rows. A variant that fails ends it: what had been measured is written at
     * once (unless the process is exiting), and the failure is thrown.
     */
    static List<Sensitivity.Row> run(Study study, PointExecutor executor, Sensitivity.Listener listener, SensitivityWriter writer)
            throws InterruptedException, ExecutionException {
        PacedWrites pace = new PacedWrites();
        ExecutorService variants = Executors.newSingleThreadExecutor(Thread.ofPlatform().name("overbook-sensitivity").daemon().factory());
        try {
            while (!study.finished()) {
                try {
                    pace.await(variants.submit(() -> {
                        study.runNext(executor, listener);
                        return null;
                    }));
                } catch (ExecutionException e) {
                    // what the variant threw, as the study would have thrown it on this thread
                    if (e.getCause() instanceof Error error) {
                        throw error;
                    }
                    Exception failure = e.getCause() instanceof ExecutionException run ? run : ErrorReporter.causeOf(e);
                    pace.keepBefore(failure);
                    if (failure instanceof ExecutionException run) {
                        throw run;
                    }
                    throw (RuntimeException) failure;
                }
                if (!study.finished()) {
                    StudyProgress soFar = study.progress();
                    pace.offer(() -> writer.write(soFar));
                }
            }
        } finally {
            variants.shutdownNow();
        }
        return study.progress().rows();
    }
}
