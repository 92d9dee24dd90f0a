package org.overbook.perf.density;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.OptionalInt;

/**
 * What a density search knows: the largest number of tenants known to meet the objective and the smallest
 * known to fail it, within {@code [min, max]}. Immutable; each probe's verdict gives the next bracket.
 *
 * <h2>The search</h2>
 * Doubling, then bisection [1]: probe {@code min}, {@code 2·min}, {@code 4·min}, ... (the last capped at
 * {@code max}) until one fails or {@code max} passes, then bisect between the last pass and the first fail
 * until they are adjacent. The answer is the last pass: about {@code 2·log2(answer/min)} probes, and no probe
 * beyond twice the answer, which matters because a probe costs in proportion to its tenants.
 *
 * <p>It assumes monotonicity: if {@code n} tenants fail, so do more. Every probe lies strictly between the
 * largest pass and the smallest fail known, so the probes of one search never contradict each other; a
 * contradiction can only show against a result the search did not ask for (a speculative probe, see
 * {@link DensitySearch}), and {@link DensitySearch.Outcome#contradictions()} reports it.
 *
 * <p>[1] J. L. Bentley, A. C.-C. Yao, "An almost optimal algorithm for unbounded searching", Information
 * Processing Letters 5(3), 1976 (the doubling, or exponential, search).
 *
 * @param min    the fewest tenants to try
 * @param max    the most tenants to try
 * @param passed the largest number known to meet the objective, {@code min - 1} when none is known
 * @param failed the smallest number known to fail it, {@code max + 1} when none is known
 */
public record Bracket(int min, int max, int passed, int failed) {

    public Bracket {
        if (min < 1 || max < min) {
            throw new IllegalArgumentException("need 1 <= min <= max: " + min + ", " + max);
        }
        if (passed < min - 1 || failed > max + 1 || passed >= failed) {
            throw new IllegalArgumentException("inconsistent bracket: passed " + passed + ", failed " + failed);
        }
    }

    /** Returns the bracket before any probe. */
    public static Bracket of(int min, int max) {
        return new Bracket(min, max, min - 1, max + 1);
    }

    /** Returns the number of tenants to probe next, or empty when the search is over. */
    public OptionalInt next() {
        if (passed == max || failed - passed <= 1) {
            return OptionalInt.empty();
        }
        if (failed > max) {
            return OptionalInt.of(passed < min ? min : (int) Math.min(2L * passed, max));
        }
        return OptionalInt.of(passed + (failed - passed) / 2);
    }

    /** Returns whether the search could still ask for {@code tenants}: strictly between the pass and the fail. */
    public boolean open(int tenants) {
        return passed < tenants && tenants < failed;
    }

    /** Returns the bracket after {@code tenants}, which must be open, met the objective or not. */
    public Bracket after(int tenants, boolean meets) {
        if (!open(tenants)) {
            throw new IllegalArgumentException(tenants + " is outside (" + passed + ", " + failed + ")");
        }
        return meets ? new Bracket(min, max, tenants, failed) : new Bracket(min, max, passed, tenants);
    }

    /**
     * Returns up to {@code count} numbers the search may ask for next, breadth first over its possible futures:
     * the next probe, then the probe after it if it passes, then if it fails, then the four after those...
     */
    public List<Integer> lookahead(int count) {
        List<Integer> out = new ArrayList<>();
        Deque<Bracket> futures = new ArrayDeque<>(List.of(this));
        while (!futures.isEmpty() && out.size() < count) {
            Bracket future = futures.removeFirst();
            OptionalInt next = future.next();
            if (next.isPresent()) {
                int tenants = next.getAsInt();
                if (!out.contains(tenants)) {
                    out.add(tenants);
                }
                futures.addLast(future.after(tenants, true));
                futures.addLast(future.after(tenants, false));
            }
        }
        return out;
    }

    /** Returns whether the search is over. */
    public boolean done() {
        return next().isEmpty();
    }

    /** Returns the answer: the most tenants found to meet the objective, or empty when even {@code min} fails. */
    public OptionalInt answer() {
        return passed >= min ? OptionalInt.of(passed) : OptionalInt.empty();
    }

    /** Returns whether {@code max} itself met the objective: the host holds at least that many. */
    public boolean reachedMax() {
        return passed == max;
    }
}
