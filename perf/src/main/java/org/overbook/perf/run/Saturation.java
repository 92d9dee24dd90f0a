package org.overbook.perf.run;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Which contended resource of a point saturated first, by fixed rules ({@link #RULES}).
 *
 * <p>A resource is saturated when its utilisation over the measured window is at least {@value #THRESHOLD}.
 * Among saturated resources the first is the one that first reached {@value #THRESHOLD} in a measured
 * interval of the time series (ties: the higher utilisation over the window, then report order). A point
 * where no resource is saturated over the window but some reached the threshold in some intervals is told as
 * bursts, naming the one that spent the most intervals there; otherwise the busiest resource is named with
 * its utilisation.
 *
 * @param status         what happened
 * @param resource       the resource named: the first saturated, the longest in bursts, or the busiest; null
 *                       when the point has no contended resource
 * @param firstNanos     when {@code resource} first reached the threshold in a measured interval (the
 *                       interval's start), or -1
 * @param hotIntervals   how many measured intervals {@code resource} spent at or above the threshold
 * @param intervals      how many measured intervals there are
 * @param alsoSaturated  the other saturated resources, in the order they saturated
 */
public record Saturation(Status status, ResourceWindow resource, long firstNanos, int hotIntervals, int intervals,
                         List<ResourceWindow> alsoSaturated) {

    /** The utilisation at which a resource counts as saturated. */
    public static final double THRESHOLD = 0.9;

    /** The rules in words, for reports. */
    public static final String RULES = "A resource is *saturated* when its utilisation (busy server time over the"
            + " window's server time: all pCPUs together for the CPUs, the device's internal bottleneck for a swap"
            + " device) over the measured window is at least 90 %. When several are, the one that *saturated first*"
            + " is the one whose utilisation first reached 90 % in an interval of the time series (a hundredth of"
            + " the run) after the warm-up; ties go to the higher utilisation over the window. When none is"
            + " saturated over the window but some reached 90 % in some intervals, the point is told as bursts,"
            + " naming the resource that spent the most intervals at 90 % or more; otherwise the busiest"
            + " resource is named. A queue books service ahead of doing it when it has a"
            + " backlog; utilisation counts the booked work as the servers get through it, one server's worth of"
            + " time per interval, so it never exceeds 100 %.";

    /** What a point's resources did. */
    public enum Status {
        /** At least one resource at or above the threshold over the measured window. */
        SATURATED,
        /** None over the window, but some at or above it in some measured intervals. */
        BURSTS,
        /** None reached the threshold. */
        NONE,
        /** The point has no contended resource (unlimited CPUs, an in-memory swap device). */
        UNMODELLED
    }

    public Saturation {
        alsoSaturated = List.copyOf(alsoSaturated);
    }

    /** Returns the verdict on {@code series}: the rules applied once, as the series was made. */
    public static Saturation of(ResourceSeries series) {
        return series.saturation();
    }

    /** Applies the rules to {@code series}, whose samples it reads. */
    static Saturation judge(ResourceSeries series) {
        if (series.resources() == 0) {
            return new Saturation(Status.UNMODELLED, null, -1, 0, 0, List.of());
        }
        int from = series.warmUpSample();
        int intervals = Math.max(0, series.samples() - 1 - from);
        List<Candidate> candidates = new ArrayList<>();
        for (int r = 0; r < series.resources(); r++) {
            long first = -1;
            int hot = 0;
            for (int k = from; k < series.samples() - 1; k++) {
                if (series.utilisation(k, r) >= THRESHOLD) {
                    hot++;
                    first = first < 0 ? series.timeNanos(k) : first;
                }
            }
            candidates.add(new Candidate(r, series.window(r), first, hot));
        }
        Comparator<Candidate> byFirst = Comparator.<Candidate>comparingLong(c -> c.first < 0 ? Long.MAX_VALUE : c.first)
                .thenComparing(c -> -c.window.usage().utilisation()).thenComparingInt(c -> c.index);
        List<Candidate> saturated = candidates.stream().filter(c -> c.window.usage().utilisation() >= THRESHOLD)
                .sorted(byFirst).toList();
        if (!saturated.isEmpty()) {
            Candidate first = saturated.getFirst();
            return new Saturation(Status.SATURATED, first.window, first.first, first.hot, intervals,
                    saturated.subList(1, saturated.size()).stream().map(c -> c.window).toList());
        }
        List<Candidate> bursting = candidates.stream().filter(c -> c.hot > 0)
                .sorted(Comparator.<Candidate>comparingInt(c -> -c.hot).thenComparing(byFirst)).toList();
        if (!bursting.isEmpty()) {
            Candidate first = bursting.getFirst();
            return new Saturation(Status.BURSTS, first.window, first.first, first.hot, intervals, List.of());
        }
        Candidate busiest = candidates.stream().max(Comparator.<Candidate>comparingDouble(
                c -> c.window.usage().utilisation()).thenComparingInt(c -> -c.index)).orElseThrow();
        return new Saturation(Status.NONE, busiest.window, -1, 0, intervals, List.of());
    }

    /** Returns whether a resource saturated over the measured window. */
    public boolean saturated() {
        return status == Status.SATURATED;
    }

    /** A few words for a table: {@code server swap device (97 %)}, {@code none; busiest server CPUs at 63 %}. */
    public String brief() {
        return switch (status) {
            case SATURATED -> resource.label() + " (" + percent(resource) + ")"
                    + (alsoSaturated.isEmpty() ? "" : ", then " + alsoSaturated.stream().map(ResourceWindow::label)
                    .collect(Collectors.joining(", ")));
            case BURSTS -> "none; " + resource.label() + " in bursts (" + hotIntervals + "/" + intervals + " intervals)";
            case NONE -> "none; busiest " + resource.label() + " at " + percent(resource);
            case UNMODELLED -> "no contended resource";
        };
    }

    /** The verdict in a sentence or two, for {@code report.md}. */
    public String sentence() {
        return switch (status) {
            case SATURATED -> String.format(Locale.ROOT, "**The %s saturated first**: %s busy over the measured window,"
                            + " at or above 90 %% from %s ms on in %d of %d intervals; %s.%s", resource.label(),
                    percent(resource), millis(firstNanos), hotIntervals, intervals, queue(resource),
                    alsoSaturated.isEmpty() ? "" : " Also saturated: " + alsoSaturated.stream()
                            .map(w -> w.label() + " (" + percent(w) + ")").collect(Collectors.joining(", ")) + ".");
            case BURSTS -> String.format(Locale.ROOT, "No resource saturated over the measured window, but the %s reached"
                            + " 90 %% in bursts: %d of %d intervals, first at %s ms (%s over the window; %s).",
                    resource.label(), hotIntervals, intervals, millis(firstNanos), percent(resource), queue(resource));
            case NONE -> String.format(Locale.ROOT, "None saturated; the busiest was the %s at %s (%s).",
                    resource.label(), percent(resource), queue(resource));
            case UNMODELLED -> "No contended resource is modelled at this point (the hosts have unlimited CPUs and"
                    + " in-memory swap), so none can saturate.";
        };
    }

    /** Returns the window utilisation of {@code window} as a whole percentage. */
    public static String percent(ResourceWindow window) {
        return String.format(Locale.ROOT, "%.0f %%", 100 * window.usage().utilisation());
    }

    private static String queue(ResourceWindow w) {
        return String.format(Locale.ROOT, "mean wait %s µs, p99 %s µs, %.2f waiting on average",
                micros(w.usage().meanWaitNanos()), micros(w.usage().p99WaitNanos()), w.usage().meanQueueLength());
    }

    private static String micros(double nanos) {
        return String.format(Locale.ROOT, nanos < 10_000 ? "%.1f" : "%.0f", nanos / 1e3);
    }

    private static String millis(long nanos) {
        return String.format(Locale.ROOT, "%.1f", nanos / 1e6);
    }

    private record Candidate(int index, ResourceWindow window, long first, int hot) {
    }
}
