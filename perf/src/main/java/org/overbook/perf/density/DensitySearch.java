package org.overbook.perf.density;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import java.util.function.Predicate;

/**
 * Runs the search of a {@link Bracket} against an evaluator of numbers of tenants, with up to {@code parallel}
 * evaluations at once, and returns the probes it consulted.
 *
 * <h2>Design</h2>
 * The search is sequential: each probe depends on the verdict before it. Parallelism comes from speculation,
 * as a processor's branch prediction does: while the search waits for its next probe, up to
 * {@code parallel - 1} more evaluations run for the numbers it may ask for after it ({@link Bracket#lookahead}),
 * breadth first. A speculative evaluation is told through {@code wanted} when the bracket has moved past it, so
 * it can stop early. The search consults only the probes the sequential search asks for, in the same order, so
 * its outcome is the same whatever {@code parallel} is; speculation changes only how soon it comes, and how
 * many evaluations were started. A speculative evaluation that finished before it was ruled out is not part of
 * the curve, but it is checked against the curve for contradictions of monotonicity.
 *
 * @param <R> what an evaluation returns
 */
final class DensitySearch<R> {

    /** Evaluates numbers of tenants, asynchronously. */
    @FunctionalInterface
    interface Prober<R> {
        /**
         * Starts evaluating {@code tenants}; the evaluation may end early, failing with {@link Abandoned}, once
         * {@code wanted} returns false. An error is returned in the future, never thrown.
         */
        CompletableFuture<R> probe(int tenants, BooleanSupplier wanted);
    }

    /** A probe the search consulted: its place in the search (from 1), its tenants, the evaluation and the verdict. */
    record Probe<R>(int step, int tenants, R result, boolean meets) {
    }

    /**
     * What a search found.
     *
     * @param probes         the probes consulted, in the order the search asked for them
     * @param bracket        the final bracket: the answer
     * @param contradictions every pair (fails at {@code a}, meets at {@code b > a}) among all evaluations that
     *                       finished, as {@code a -> b}
     */
    record Outcome<R>(List<Probe<R>> probes, Bracket bracket, SortedMap<Integer, Integer> contradictions) {
    }

    private final Prober<R> prober;
    private final Predicate<R> meets;
    private final int parallel;

    DensitySearch(Prober<R> prober, Predicate<R> meets, int parallel) {
        if (parallel < 1) {
            throw new IllegalArgumentException("parallel " + parallel);
        }
        this.prober = prober;
        this.meets = meets;
        this.parallel = parallel;
    }

    /**
     * Searches from {@code start}, calling {@code onProbe} with each consulted probe as soon as it is known; if the
     * evaluation of a probe the search consults fails, calls {@code onFailure} with its tenants, then throws the failure.
     */
    Outcome<R> run(Bracket start, Consumer<Probe<R>> onProbe, IntConsumer onFailure) {
        return new Run(start).search(onProbe, onFailure);
    }

    /** The state of one search: the bracket (read by running evaluations), what was asked, what finished. */
    private final class Run {

        private final AtomicReference<Bracket> bracket;
        private final Map<Integer, CompletableFuture<R>> asked = new LinkedHashMap<>();
        /** Every future started, with the verdict recorders: all must end before the search returns. */
        private final List<CompletableFuture<?>> started = new ArrayList<>();
        /** The verdict of every evaluation that finished, speculative ones included; guarded by itself. */
        private final SortedMap<Integer, Boolean> finished = new TreeMap<>();

        Run(Bracket start) {
            this.bracket = new AtomicReference<>(start);
        }

        Outcome<R> search(Consumer<Probe<R>> onProbe, IntConsumer onFailure) {
            List<Probe<R>> probes = new ArrayList<>();
            try {
                for (OptionalInt next = bracket.get().next(); next.isPresent(); next = bracket.get().next()) {
                    int tenants = next.getAsInt();
                    ask(tenants);
                    for (int candidate : bracket.get().lookahead(parallel)) {
                        if (running() >= parallel) {
                            break;
                        }
                        ask(candidate);
                    }
                    R result;
                    try {
                        result = await(asked.get(tenants));
                    } catch (RuntimeException | Error failure) {
                        onFailure.accept(tenants);
                        throw failure;
                    }
                    Probe<R> probe = new Probe<>(probes.size() + 1, tenants, result, meets.test(result));
                    probes.add(probe);
                    bracket.set(bracket.get().after(tenants, probe.meets()));
                    onProbe.accept(probe);
                }
            } finally {
                bracket.set(closed(bracket.get()));
                settle(started);
            }
            synchronized (finished) {
                return new Outcome<>(List.copyOf(probes), bracket.get(), contradictions(finished));
            }
        }

        /** Starts evaluating {@code tenants} unless it is running or done; records its verdict once it has one. */
        private void ask(int tenants) {
            CompletableFuture<R> earlier = asked.get(tenants);
            if (earlier != null && !earlier.isCompletedExceptionally()) {
                return;
            }
            CompletableFuture<R> future = prober.probe(tenants, () -> bracket.get().open(tenants));
            asked.put(tenants, future);
            started.add(future);
            started.add(future.thenAccept(result -> {
                boolean verdict = meets.test(result);
                synchronized (finished) {
                    finished.put(tenants, verdict);
                }
            }));
        }

        private int running() {
            return (int) asked.values().stream().filter(f -> !f.isDone()).count();
        }
    }

    /** Returns the result, or throws what the evaluation threw (unwrapped). */
    private static <R> R await(CompletableFuture<R> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }

    /** Returns a bracket in which nothing is open, so every evaluation still running stops at its next check. */
    private static Bracket closed(Bracket b) {
        return b.done() ? b : new Bracket(b.min(), b.max(), b.passed(), b.passed() + 1);
    }

    /** Waits until every evaluation has ended, well or not: none may outlive the search. */
    private static void settle(Iterable<? extends CompletableFuture<?>> futures) {
        for (CompletableFuture<?> future : futures) {
            future.handle((result, error) -> null).join();
        }
    }

    /** Returns every (fails at a, meets at b > a), as a map from the smallest such a to its smallest b. */
    static SortedMap<Integer, Integer> contradictions(SortedMap<Integer, Boolean> verdicts) {
        SortedMap<Integer, Integer> out = new TreeMap<>();
        for (Map.Entry<Integer, Boolean> fail : verdicts.entrySet()) {
            if (fail.getValue()) {
                continue;
            }
            verdicts.tailMap(fail.getKey() + 1).entrySet().stream().filter(Map.Entry::getValue).findFirst()
                    .ifPresent(pass -> out.put(fail.getKey(), pass.getKey()));
        }
        return out;
    }
}
