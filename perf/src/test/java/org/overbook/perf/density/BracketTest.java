package org.overbook.perf.density;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

/**
 * The search itself, against a pure function from tenants to pass/fail (a host that holds exactly
 * {@code threshold} tenants): no simulation, every case.
 */
class BracketTest {

    /** Runs the search sequentially; returns the numbers it asked for, in order, and leaves the answer in {@code end}. */
    private static List<Integer> search(Bracket start, IntPredicate meets, Bracket[] end) {
        List<Integer> asked = new ArrayList<>();
        Bracket b = start;
        for (OptionalInt next = b.next(); next.isPresent(); next = b.next()) {
            int n = next.getAsInt();
            assertTrue(b.open(n), n + " is asked while open");
            asked.add(n);
            b = b.after(n, meets.test(n));
        }
        end[0] = b;
        return asked;
    }

    @Test
    void doublesUntilAFailureThenBisects() {
        Bracket[] end = new Bracket[1];
        assertEquals(List.of(1, 2, 4, 8, 16, 12, 10, 11), search(Bracket.of(1, 64), n -> n <= 10, end));
        assertEquals(OptionalInt.of(10), end[0].answer());
        assertFalse(end[0].reachedMax());
        assertEquals(List.of(3, 6, 12, 9, 10, 11), search(Bracket.of(3, 64), n -> n <= 10, end), "doubling starts at --min");
        assertEquals(List.of(1, 2, 4, 8, 10), search(Bracket.of(1, 10), n -> true, end), "the last doubling is capped at --max");
        assertTrue(end[0].reachedMax());
        assertEquals(List.of(5), search(Bracket.of(5, 64), n -> false, end));
        assertEquals(OptionalInt.empty(), end[0].answer(), "none: even --min fails");
        assertEquals(List.of(7), search(Bracket.of(7, 7), n -> true, end));
        assertEquals(OptionalInt.of(7), end[0].answer());
    }

    @Test
    void findsEveryThresholdAndItsCurveIsConsistent() {
        for (int lowest = 1; lowest <= 5; lowest++) {
            for (int highest = lowest; highest <= 40; highest++) {
                for (int threshold = lowest - 1; threshold <= highest; threshold++) {
                    int min = lowest;
                    int max = highest;
                    int t = threshold;
                    String where = "min " + min + ", max " + max + ", threshold " + t;
                    Bracket[] end = new Bracket[1];
                    List<Integer> asked = search(Bracket.of(min, max), n -> n <= t, end);
                    assertEquals(t >= min ? OptionalInt.of(t) : OptionalInt.empty(), end[0].answer(), where);
                    assertEquals(t == max, end[0].reachedMax(), where);
                    assertEquals(asked.size(), asked.stream().distinct().count(), "no number asked twice: " + where);
                    assertTrue(asked.stream().allMatch(n -> n >= min && n <= max), "within [min, max]: " + where);
                    if (t < max) {
                        assertTrue(asked.contains(t + 1), "answer + 1 was probed and failed: " + where);
                    }
                    int bound = Math.max(min, 2 * t);
                    assertTrue(asked.stream().allMatch(n -> n <= bound), "nothing beyond twice the answer: " + where + " " + asked);
                    int logarithm = 32 - Integer.numberOfLeadingZeros(max - min + 1);
                    assertTrue(asked.size() <= 2 * logarithm + 1, "logarithmically many probes: " + where + " " + asked);
                }
            }
        }
    }

    @Test
    void looksAheadBreadthFirstOverThePossibleFutures() {
        Bracket afterEight = Bracket.of(1, 64).after(1, true).after(2, true).after(4, true).after(8, true);
        assertEquals(List.of(16, 32, 12), afterEight.lookahead(3), "next, then after a pass, then after a fail");
        assertEquals(List.of(16, 32, 12, 64, 24, 14, 10), afterEight.lookahead(7));
        assertEquals(List.of(16), afterEight.lookahead(1));
        Bracket done = afterEight.after(16, false).after(12, false).after(10, true).after(11, false);
        assertTrue(done.done());
        assertEquals(List.of(), done.lookahead(4));
        assertFalse(done.open(11));
    }

    @Test
    void refusesANumberOutsideTheBracket() {
        Bracket b = Bracket.of(1, 64).after(1, true).after(2, false);
        assertThrows(IllegalArgumentException.class, () -> b.after(2, true));
        assertThrows(IllegalArgumentException.class, () -> Bracket.of(0, 4));
        assertThrows(IllegalArgumentException.class, () -> Bracket.of(5, 4));
    }
}
