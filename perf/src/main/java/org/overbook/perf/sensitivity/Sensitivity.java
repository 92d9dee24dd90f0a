package org.overbook.perf.sensitivity;

import java.util.List;
import org.overbook.perf.report.Interval;
import org.overbook.perf.run.PointExecutor;

/**
 * A one-at-a-time sensitivity study: each subject runs unchanged, then once with each estimate it uses at
 * {@link #LOW} times its value and once at {@link #HIGH} times, the others left alone, every run under the same
 * seeds (common random numbers, so a difference is the input's, not the seed's).
 *
 * <h2>Design</h2>
 * The runs go through the caller's {@link PointExecutor}, so a study uses every core (or a Spark cluster) as a
 * sweep does, and each simulation stays single-threaded and deterministic: the same subjects, estimates and
 * replications give the same rows whatever the parallelism. Variants run one after another, a {@link Study} of them
 * one at a time, so that a caller can write what it has between two; the points and replications of each run side by
 * side.
 */
public final class Sensitivity {

    /** The lower factor: -50 %. */
    public static final double LOW = 0.5;
    /** The higher factor: +50 %. */
    public static final double HIGH = 1.5;

    /**
     * One headline figure of one subject against one estimate.
     *
     * @param subject  the subject's name
     * @param estimate the estimate varied
     * @param value    its value in the subject, as written
     * @param headline the figure
     * @param base     the figure unchanged
     * @param low      with the estimate at {@link #LOW} times its value
     * @param high     at {@link #HIGH} times
     */
    public record Row(String subject, Estimate estimate, String value, String headline, Interval base, Interval low, Interval high) {

        /** Returns the change of the mean at the lower value, as a fraction of the unchanged mean. */
        public double lowChange() {
            return change(low);
        }

        /** Returns the change at the higher value. */
        public double highChange() {
            return change(high);
        }

        /** Returns the larger of the two changes, in magnitude (NaN if either is undefined). */
        public double swing() {
            return Math.max(Math.abs(lowChange()), Math.abs(highChange()));
        }

        /** Returns whether the figure came out exactly the same at both values: the input plays no part in it. */
        public boolean noEffect() {
            return low.mean() == base.mean() && high.mean() == base.mean();
        }

        /** Returns whether either change exceeds the unchanged figure's 95 % interval: a move the seeds alone do not make. */
        public boolean beyondNoise() {
            double noise = base.halfWidth();
            return Math.abs(low.mean() - base.mean()) > noise || Math.abs(high.mean() - base.mean()) > noise;
        }

        private double change(Interval varied) {
            return base.mean() == 0 ? Double.NaN : (varied.mean() - base.mean()) / Math.abs(base.mean());
        }
    }

    /** Told before each run, for progress. */
    @FunctionalInterface
    public interface Listener {
        /** @param subject its name; @param variant {@code base} or {@code <estimate> x<factor>} */
        void running(String subject, String variant);
    }

    private final List<Estimate> estimates;

    /** Returns a study of {@code estimates}. */
    public Sensitivity(List<Estimate> estimates) {
        this.estimates = List.copyOf(estimates);
    }

    /** Returns the study of {@code subjects}, not yet run: {@link Study#runNext} runs it a variant at a time. */
    public Study study(List<Subject> subjects) {
        return new Study(subjects, estimates);
    }
}
