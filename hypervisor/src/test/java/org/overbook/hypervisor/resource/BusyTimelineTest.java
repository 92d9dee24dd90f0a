package org.overbook.hypervisor.resource;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A timeline booked in time order is a FIFO queue; booked out of order, a request made for now waits
 * only for the work that overlaps it, not for work booked for later.
 */
class BusyTimelineTest {

    private static final long SEED = 11;

    @Test
    void bookedInTimeOrderItIsAFifoQueue() {
        SplittableRandom random = new SplittableRandom(SEED);
        BusyTimeline timeline = new BusyTimeline();
        long at = 0;
        long free = 0;
        for (int i = 0; i < 100_000; i++) {
            at += random.nextLong(0, 2_000);
            long service = random.nextLong(0, 2_000);
            long fifo = Math.max(at, free);
            free = fifo + service;
            if (i % 7 == 0) {
                timeline.forgetBefore(at);
            }
            assertEquals(fifo, timeline.book(at, service), "request " + i + " (seed " + SEED + ")");
        }
        assertEquals(free, timeline.bookedUntil());
    }

    @Test
    void aRequestForNowIsNotQueuedBehindWorkBookedForLater() {
        BusyTimeline timeline = new BusyTimeline();
        assertEquals(10_000_000, timeline.book(10_000_000, 1_000)); // a clock that ran ahead books first
        assertEquals(0, timeline.book(0, 1_000));                   // now: the server is idle
        assertEquals(1_000, timeline.book(500, 1_000));             // overlaps the one before it: waits for it
        assertEquals(2_000, timeline.book(1_500, 9_998_000));        // fits the gap exactly
        assertEquals(10_001_000, timeline.book(2_000, 1));            // no gap left before the later work
        assertEquals(10_001_001, timeline.bookedUntil());
    }

    @Test
    void aRequestThatDoesNotFitBeforeALaterBookingStartsAfterIt() {
        BusyTimeline timeline = new BusyTimeline();
        assertEquals(100, timeline.book(100, 100));   // busy 100 to 200
        assertEquals(200, timeline.book(0, 150));     // 0 to 150 would overlap it
        assertEquals(0, timeline.book(0, 100));       // 0 to 100 fits the gap before it
        assertEquals(350, timeline.bookedUntil());
    }

    @Test
    void forgettingKeepsAnIntervalStillRunning() {
        BusyTimeline timeline = new BusyTimeline();
        timeline.book(0, 100);     // busy 0 to 100
        timeline.book(500, 100);   // and 500 to 600
        timeline.forgetBefore(50); // the first has not ended by 50
        assertEquals(100, timeline.book(60, 10), "a request at 60 still waits for the work until 100");
        timeline.forgetBefore(200); // the first has ended by 200: a request at 200 or later never meets it
        assertEquals(600, timeline.book(550, 10));
        assertEquals(610, timeline.bookedUntil());
        timeline.forgetBefore(1_000);
        assertEquals(610, timeline.bookedUntil(), "the last interval is kept for bookedUntil, however old");
        BusyTimeline one = new BusyTimeline();
        one.book(0, 100);
        one.forgetBefore(1_000);
        assertEquals(100, one.bookedUntil(), "a lone interval too");
    }
}
