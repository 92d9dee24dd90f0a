package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The pace of the writes of a folder written as its runs go on, on a clock the test sets by hand: a write offered
 * within the pause is held, the latest held replaces the one before, and it is made once the pause is over, whether
 * the next write is offered or the command is waiting for its next run; a slow write lengthens the pause.
 */
class PacedWritesTest {

    private static final long SECOND = 1_000_000_000L;

    private long now;
    private final List<String> written = new ArrayList<>();
    private final PacedWrites pace = new PacedWrites(() -> now);

    private Runnable write(String name) {
        return () -> written.add(name);
    }

    @Test
    void aWriteWithinASecondOfTheStartIsHeldAndTheLatestIsMadeOnceTheSecondIsOver() {
        now = SECOND / 2;
        pace.offer(write("first"));
        pace.offer(write("second"));
        assertEquals(List.of(), written, "within the first second nothing is written");
        now = SECOND;
        pace.offer(write("third"));
        assertEquals(List.of("third"), written, "the latest write replaces those held before it");
        now = SECOND + SECOND / 2;
        pace.offer(write("fourth"));
        pace.flush();
        assertEquals(List.of("third", "fourth"), written, "a flush makes the held write whatever the pace");
        pace.flush();
        assertEquals(List.of("third", "fourth"), written, "and nothing when none is held");
    }

    @Test
    void waitingForTheNextRunMakesTheHeldWriteOnceThePaceAllows() throws Exception {
        CompletableFuture<String> next = new CompletableFuture<>();
        pace.offer(() -> {
            written.add("held");
            next.complete("the next run"); // it finishes while the write is made: no wait on the wall clock
        });
        now = SECOND;
        assertEquals("the next run", pace.await(next));
        assertEquals(List.of("held"), written);
        assertEquals("done", pace.await(CompletableFuture.completedFuture("done")), "nothing held: the value at once");
    }

    @Test
    void aRunAlreadyDoneIsTakenWithoutTheHeldWriteWhichTheNextOfferReplaces() throws Exception {
        pace.offer(write("held"));
        now = SECOND;
        assertEquals("done", pace.await(CompletableFuture.completedFuture("done")));
        assertEquals(List.of(), written, "the caller offers what the run adds, which replaces it");
    }

    @Test
    void aWriteThatTookLongerThanATenthOfASecondDefersTheNextByTenTimesIt() {
        now = SECOND;
        pace.offer(write("cheap"));
        written.clear();
        now = 2 * SECOND;
        pace.offer(() -> {
            written.add("slow");
            now += 700_000_000L; // a write of 300 points' files
        });
        pace.offer(write("too soon"));
        now = 2 * SECOND + 700_000_000L + 7 * SECOND - 1;
        pace.offer(write("still too soon"));
        assertEquals(List.of("slow"), written);
        now++;
        pace.offer(write("next"));
        assertEquals(List.of("slow", "next"), written, "ten times the 0.7 s the last write took");
        assertEquals(SECOND, PacedWrites.pause(0), "a second apart at least");
        assertEquals(SECOND, PacedWrites.pause(100_000_000L));
        assertEquals(7 * SECOND, PacedWrites.pause(700_000_000L));
    }

    @Test
    void theFirstWritesOwnTimeDoesNotSetThePace() {
        now = SECOND;
        pace.offer(() -> {
            written.add("first, loading the chart library");
            now += 2 * SECOND;
        });
        now += SECOND;
        pace.offer(write("a second after it"));
        assertEquals(List.of("first, loading the chart library", "a second after it"), written,
                "the first write's one-off costs would otherwise hold the second for 20 s");
    }
}
