package org.overbook.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The rules that name the resource that saturated first. */
class SaturationTest {

    private static final List<String> TWO = List.of("server CPUs", "server swap device");

    @Test
    void theFirstToReachTheThresholdIsNamedEvenIfAnotherIsBusierOverTheWindow() {
        // after a 1 ms warm-up the swap device crosses 90 % at 2 ms and stays at 0.92 (91 % over the window);
        // the CPUs cross at 3 ms and sit at 1.0 (97 %)
        ResourceSeries series = ResourceSeriesFixture.series(TWO, 1,
                new double[] {0.5, 0.8, 0.85, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0},
                new double[] {0.2, 0.85, 0.92, 0.92, 0.92, 0.92, 0.92, 0.92, 0.92, 0.92, 0.92, 0.92});
        Saturation verdict = Saturation.of(series);
        assertEquals(Saturation.Status.SATURATED, verdict.status());
        assertEquals("server swap device", verdict.resource().label());
        assertEquals(2 * ResourceSeriesFixture.INTERVAL, verdict.firstNanos());
        assertEquals(10, verdict.hotIntervals());
        assertEquals(11, verdict.intervals());
        assertEquals(List.of("server CPUs"), verdict.alsoSaturated().stream().map(ResourceWindow::label).toList());
        assertTrue(verdict.brief().startsWith("server swap device (91 %), then server CPUs"), verdict.brief());
        assertTrue(verdict.sentence().startsWith("**The server swap device saturated first**: 91 % busy"), verdict.sentence());
    }

    @Test
    void aResourceHotOnlyDuringTheWarmUpIsNotSaturated() {
        ResourceSeries series = ResourceSeriesFixture.series(TWO, 4,
                new double[] {1.0, 1.0, 1.0, 1.0, 0.3, 0.3, 0.3, 0.3},
                new double[] {0.1, 0.1, 0.1, 0.1, 0.6, 0.6, 0.6, 0.6});
        Saturation verdict = Saturation.of(series);
        assertEquals(Saturation.Status.NONE, verdict.status());
        assertEquals("server swap device", verdict.resource().label(), "the busiest over the measured window");
        assertEquals("none; busiest server swap device at 60 %", verdict.brief());
        assertTrue(verdict.sentence().startsWith("None saturated; the busiest was the server swap device at 60 %"),
                verdict.sentence());
    }

    @Test
    void burstsAboveTheThresholdWithAWindowBelowItAreToldAsBursts() {
        // the CPUs burst first (at 1 ms, twice), the swap device longer (from 2 ms, three intervals in a row)
        ResourceSeries series = ResourceSeriesFixture.series(TWO, 0,
                new double[] {0.2, 0.95, 0.2, 0.2, 0.95, 0.2, 0.2, 0.2},
                new double[] {0.5, 0.5, 0.95, 0.95, 0.95, 0.5, 0.5, 0.5});
        Saturation verdict = Saturation.of(series);
        assertEquals(Saturation.Status.BURSTS, verdict.status());
        assertEquals("server swap device", verdict.resource().label(), "the longest at or above 90 %");
        assertEquals(2 * ResourceSeriesFixture.INTERVAL, verdict.firstNanos());
        assertEquals(3, verdict.hotIntervals());
        assertEquals("none; server swap device in bursts (3/8 intervals)", verdict.brief());
    }

    @Test
    void simultaneousSaturationGoesToTheBusierOverTheWindow() {
        ResourceSeries series = ResourceSeriesFixture.series(TWO, 0,
                new double[] {0.95, 0.95, 0.95, 0.95},
                new double[] {0.99, 0.99, 0.99, 0.99});
        assertEquals("server swap device", Saturation.of(series).resource().label());
    }

    @Test
    void aPointWithoutContendedResourcesSaysSo() {
        Saturation verdict = Saturation.of(ResourceSeries.none());
        assertEquals(Saturation.Status.UNMODELLED, verdict.status());
        assertNull(verdict.resource());
        assertEquals("no contended resource", verdict.brief());
    }
}
