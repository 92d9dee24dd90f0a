package org.overbook.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.overbook.hypervisor.resource.ResourceUsage;

/** Booked work is counted as its server gets through it, lane by lane. */
class ResourceSeriesTest {

    private static final long MS = 1_000_000;

    private static ResourceWindow window(String key) {
        return new ResourceWindow(key, key, new ResourceUsage(key, 2, 0, 0, 0, 0, 0, 0), List.of(), Map.of());
    }

    @Test
    void aBacklogBookedAtOnceIsServedOverTheFollowingIntervals() {
        // two lanes (pCPUs); samples every ms. Lane 0 books 2.5 ms of work in the first ms, then nothing; lane 1
        // books 0.5 ms each ms.
        long[] times = {0, MS, 2 * MS, 3 * MS, 4 * MS};
        long[] booked = {
            0, 0,
            2_500_000, 500_000,
            2_500_000, 1_000_000,
            2_500_000, 1_500_000,
            2_500_000, 2_000_000};
        ResourceSeries series = new ResourceSeries(List.of(window("cpu")), new int[] {2}, new int[] {1}, times, 1, booked,
                new long[5], new long[5]);
        assertEquals(0.75, series.utilisation(0, 0), 1e-12, "lane 0 full, lane 1 half");
        assertEquals(0.75, series.utilisation(1, 0), 1e-12);
        assertEquals(0.5, series.utilisation(2, 0), 1e-12, "lane 0 finishes its backlog half-way");
        assertEquals(0.25, series.utilisation(3, 0), 1e-12);
        assertEquals(2_500_000 + 2_000_000, series.servedNanos(4, 0));
        assertEquals(series.bookedNanos(4, 0), series.servedNanos(4, 0), "everything booked is served in the end");
        assertEquals(1.0, series.laneUtilisation(0, 2, 0, 0), 1e-12);
        assertEquals(0.5, series.laneUtilisation(1, 4, 0, 0), 1e-12);
        assertEquals(0.5, series.laneUtilisation(0, 4, 0, 1), 1e-12);
    }

    @Test
    void aPoolReadAsOneLaneServesAsManyAsItHasServers() {
        // 4 workers read as one lane: 10 ms of work booked at once is served over 2.5 ms
        long[] times = {0, MS, 2 * MS, 3 * MS};
        long[] booked = {0, 10 * MS, 10 * MS, 10 * MS};
        ResourceSeries series = new ResourceSeries(List.of(window("pool")), new int[] {1}, new int[] {4}, times, 0,
                booked, new long[4], new long[4]);
        assertEquals(1.0, series.utilisation(0, 0), 1e-12);
        assertEquals(1.0, series.utilisation(1, 0), 1e-12);
        assertEquals(0.5, series.utilisation(2, 0), 1e-12);
        assertEquals(10.0 / 12, series.utilisation(0, 3, 0), 1e-12);
    }
}
