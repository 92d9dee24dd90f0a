package org.overbook.perf.density;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BooleanSupplier;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The search driver against a fake evaluator (a pure function of tenants): speculation changes no outcome. */
class DensitySearchTest {

    private record Run(List<Integer> consulted, OptionalInt answer, Map<Integer, Integer> contradictions, List<Integer> evaluated) {
    }

    /** Searches [1, 64] with every evaluation done at once, on the caller's thread: deterministic speculation. */
    private static Run synchronous(IntPredicate host, int parallel) {
        List<Integer> evaluated = new ArrayList<>();
        DensitySearch<Boolean> search = new DensitySearch<>((n, wanted) -> {
            evaluated.add(n);
            return CompletableFuture.completedFuture(host.test(n));
        }, meets -> meets, parallel);
        List<Integer> seen = new ArrayList<>();
        DensitySearch.Outcome<Boolean> outcome = search.run(Bracket.of(1, 64), p -> seen.add(p.tenants()), failed -> { });
        List<Integer> consulted = outcome.probes().stream().map(DensitySearch.Probe::tenants).toList();
        assertEquals(consulted, seen, "each consulted probe is reported as it is judged, in order");
        assertEquals(IntStream.rangeClosed(1, consulted.size()).boxed().toList(),
                outcome.probes().stream().map(DensitySearch.Probe::step).toList(), "steps count the consulted probes");
        return new Run(consulted, outcome.bracket().answer(), outcome.contradictions(), evaluated);
    }

    @Test
    void withoutSpeculationOnlyTheConsultedProbesAreEvaluated() {
        Run run = synchronous(n -> n <= 10, 1);
        assertEquals(List.of(1, 2, 4, 8, 16, 12, 10, 11), run.consulted());
        assertEquals(run.consulted(), run.evaluated());
        assertEquals(OptionalInt.of(10), run.answer());
    }

    @Test
    void speculationEvaluatesMoreButConsultsTheSameProbes() {
        Run serial = synchronous(n -> n <= 10, 1);
        for (int parallel = 2; parallel <= 5; parallel++) {
            Run run = synchronous(n -> n <= 10, parallel);
            assertEquals(serial.consulted(), run.consulted(), "parallel " + parallel);
            assertEquals(serial.answer(), run.answer());
            assertTrue(run.evaluated().containsAll(serial.consulted()));
            assertTrue(run.evaluated().size() > serial.evaluated().size(), "speculation at parallel " + parallel);
            assertEquals(Map.of(), run.contradictions(), "a monotone host shows no contradiction");
        }
    }

    @Test
    void aSpeculativeProbeThatContradictsMonotonicityIsFlagged() {
        IntPredicate bumpy = n -> n <= 10 || n == 14; // 14 tenants pass although 11 and 12 fail
        Run serial = synchronous(bumpy, 1);
        assertEquals(List.of(1, 2, 4, 8, 16, 12, 10, 11), serial.consulted());
        assertEquals(Map.of(), serial.contradictions(), "the search's own probes never contradict each other");
        Run speculative = synchronous(bumpy, 2);
        assertEquals(serial.consulted(), speculative.consulted());
        assertTrue(speculative.evaluated().contains(14), "14 is what follows 12 if 12 passes: " + speculative.evaluated());
        assertEquals(Map.of(11, 14, 12, 14), speculative.contradictions());
    }

    @Test
    void onThreadsTheOutcomeIsTheSequentialOne() throws Exception {
        ExecutorService executor = Executors.newFixedThreadPool(3);
        try {
            for (int threshold : new int[] {0, 1, 7, 10, 33, 64}) {
                int t = threshold;
                List<Integer> evaluated = Collections.synchronizedList(new ArrayList<>());
                DensitySearch<Boolean> search = new DensitySearch<>((n, wanted) -> CompletableFuture.supplyAsync(() -> {
                    evaluated.add(n);
                    return n <= t;
                }, executor), meets -> meets, 3);
                DensitySearch.Outcome<Boolean> outcome = search.run(Bracket.of(1, 64), p -> { }, failed -> { });
                assertEquals(synchronous(n -> n <= t, 1).consulted(),
                        outcome.probes().stream().map(DensitySearch.Probe::tenants).toList(), "threshold " + t);
                assertEquals(t >= 1 ? OptionalInt.of(t) : OptionalInt.empty(), outcome.bracket().answer());
            }
        } finally {
            executor.shutdownNow();
        }
    }

    @Test
    void aSpeculativeProbeIsToldWhenItIsNoLongerWantedAndTheSearchWaitsForItToStop() throws Exception {
        Map<Integer, BooleanSupplier> wanted = new ConcurrentHashMap<>();
        CompletableFuture<Boolean> thirtyTwo = new CompletableFuture<>(); // never finishes on its own
        DensitySearch<Boolean> search = new DensitySearch<>((n, w) -> {
            wanted.put(n, w);
            return n == 32 ? thirtyTwo : CompletableFuture.completedFuture(n <= 10);
        }, meets -> meets, 2);
        Thread run = Thread.ofVirtual().start(() -> { // what a run does at each progress report: stop once unwanted
            while (!wanted.containsKey(32) || wanted.get(32).getAsBoolean()) {
                Thread.onSpinWait();
            }
            thirtyTwo.completeExceptionally(new Abandoned(32));
        });
        DensitySearch.Outcome<Boolean> outcome = search.run(Bracket.of(1, 64), p -> { }, failed -> { });
        assertTrue(thirtyTwo.isCompletedExceptionally(), "32, speculated after 16, was abandoned once 16 failed");
        assertEquals(OptionalInt.of(10), outcome.bracket().answer());
        assertEquals(Map.of(), outcome.contradictions());
        run.join();
    }

    @Test
    void anErrorOfAConsultedProbeIsThrownAsItIsAfterTheSearchIsToldWhichProbeFailed() {
        IllegalStateException boom = new IllegalStateException("boom");
        DensitySearch<Boolean> search = new DensitySearch<>((n, wanted) -> n == 4 ? CompletableFuture.failedFuture(boom)
                : CompletableFuture.completedFuture(true), meets -> meets, 1);
        List<Integer> failed = new ArrayList<>();
        assertSame(boom, assertThrows(IllegalStateException.class, () -> search.run(Bracket.of(1, 64), p -> { }, failed::add)));
        assertEquals(List.of(4), failed, "the probe of 4 tenants, the third the search asked for (1, 2, 4)");
    }
}
