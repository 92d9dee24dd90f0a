package org.overbook.perf.reproduce;

import java.util.List;
import org.overbook.perf.run.Metrics;

/**
 * Headline 7 (VMware ESX, Waldspurger OSDI 2002), two experiments. {@code balloon}: one memcached tenant
 * with plenty of memory, natively half of it, squeezed to that half by its balloon, and squeezed to it by
 * host swapping; its points are read by position (full, native, ballooned, swapped), as its file says.
 * {@code idle-tax}: an active and an idle tenant on a host that cannot hold both, with proportional
 * shares and then with the idle memory tax (tau = 0.75).
 */
final class EsxPreset {

    static final String NAME = "esx";
    static final String BALLOON = "balloon";
    static final String IDLE_TAX = "idle-tax";
    private static final int NATIVE = 1;
    private static final int BALLOONED = 2;
    private static final int SWAPPED = 3;
    private static final String POLICY = "balloon.policy";

    private EsxPreset() {
    }

    static Preset preset() {
        return new Preset(NAME, "ballooning vs a natively smaller VM vs host swapping; the idle memory tax",
                "Waldspurger, Memory Resource Management in VMware ESX Server, OSDI 2002",
                "ESX: balloon overhead <= ~4.4 % vs a natively smaller VM, far below host swapping; idle tax 75 % gives "
                        + "the active VM > 30 %",
                List.of(new Experiment(BALLOON, NAME + "-" + BALLOON), new Experiment(IDLE_TAX, NAME + "-" + IDLE_TAX)),
                List.of(new Figure("throughput: ballooned / natively smaller", 0.956, Shape.atLeast(0.95),
                                m -> balloonThroughput(m, BALLOONED) / balloonThroughput(m, NATIVE)),
                        new Figure("throughput: ballooned / host-swapped", Double.NaN, Shape.above(1),
                                m -> balloonThroughput(m, BALLOONED) / balloonThroughput(m, SWAPPED)),
                        new Figure("active tenant's throughput: idle tax / proportional", 1.3, Shape.atLeast(1.3),
                                m -> activeClient(m, "idle-tax", Metrics.THROUGHPUT) / activeClient(m, "proportional", Metrics.THROUGHPUT)),
                        new Figure("active tenant's resident memory: idle tax / proportional", Double.NaN, Shape.above(1),
                                m -> activeServer(m, "idle-tax", "resident_pages") / activeServer(m, "proportional", "resident_pages"))));
    }

    private static double balloonThroughput(Measurements m, int point) {
        return m.point(BALLOON, point).total(Metrics.THROUGHPUT);
    }

    /** Returns {@code metric} of the active tenant's load generator, {@code active}. */
    private static double activeClient(Measurements m, String policy, String metric) {
        return m.point(IDLE_TAX, POLICY, policy).tenant("active", metric);
    }

    /** Returns {@code metric} of the active server tenant, {@code s0}. */
    private static double activeServer(Measurements m, String policy, String metric) {
        return m.point(IDLE_TAX, POLICY, policy).tenant("s0", metric);
    }
}
