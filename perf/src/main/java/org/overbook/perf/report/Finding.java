package org.overbook.perf.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.overbook.perf.run.Metrics;

/**
 * The finding of a run, said first: a few factual sentences generated from the points' figures, for the terminal
 * and the top of {@code report.md}.
 *
 * <h2>Design</h2>
 * Each sentence is a rule over the numbers, worded without judgement beyond the rule:
 * <ul>
 *   <li>with several points, the point of highest total throughput and how many times the lowest it serves (and
 *   per server tenant when the points hold different numbers of tenants), then the point of lowest p99 latency
 *   and how many times lower it is than the highest; with one point, its throughput and p99;</li>
 *   <li>which points measured their load generators' load phase rather than the workload (a generator still
 *   setting its keys when the run ended); the comparisons before leave them out when two or more points are in
 *   steady state, and say so;</li>
 *   <li>which resource saturated at which points ({@link org.overbook.perf.run.Saturation}'s verdict), or that
 *   none did;</li>
 *   <li>which points <em>thrashed</em>: major faults (CPU and NIC, on either host) in the measured window on at
 *   least {@value #THRASHING_PER_REQUEST} of the completed requests, with the share of the best throughput each
 *   kept (one that kept at least {@value #KEPT_THROUGHPUT} of it paged heavily without losing throughput: it did not
 *   thrash);</li>
 *   <li>whether any value read back differed from the one written.</li>
 * </ul>
 * A throughput that rests on fewer than {@value #FEW_REQUESTS} requests completed in the measured window (a point that
 * measured mostly its load phase, or a short window) says how many ({@code 15.2k ops/s from 163 requests}), so that a
 * headline figure from a handful of requests does not read as a solid one. Numbers are spelled as the chart ticks are
 * ({@link TickLabels}).
 */
public final class Finding {

    /** Major faults per completed request from which a point is said to thrash. */
    static final double THRASHING_PER_REQUEST = 0.01;
    /** The share of the best throughput from which such a point is said to page heavily rather than to thrash. */
    static final double KEPT_THROUGHPUT = 0.9;
    /**
     * Completed requests in the measured window under which a throughput the finding quotes says how many it rests on:
     * as few as a p99 needs (ten above it), and a count whose Poisson noise alone is about 3 %.
     */
    static final long FEW_REQUESTS = 1_000;

    private Finding() {
    }

    /** Returns the finding's sentences for {@code points}, in file order; none without a point. */
    public static List<String> sentences(List<PointFigures> points) {
        List<String> out = new ArrayList<>();
        if (points.isEmpty()) {
            return out;
        }
        out.addAll(performance(points));
        out.add(loading(points));
        out.add(saturation(points));
        thrashing(points, out);
        out.add(integrity(points));
        out.removeIf(String::isEmpty);
        return out;
    }

    /** The sentences as a Markdown section. */
    public static String markdown(List<PointFigures> points) {
        List<String> sentences = sentences(points);
        return sentences.isEmpty() ? "" : "## Finding\n\n" + sentences.stream().map(s -> "- " + s + "\n")
                .collect(Collectors.joining()) + "\n";
    }

    private static List<String> performance(List<PointFigures> points) {
        List<PointFigures> serving = points.stream().filter(p -> p.value(Metrics.THROUGHPUT) > 0).toList();
        List<String> out = new ArrayList<>();
        if (serving.isEmpty()) {
            out.add(noThroughput(points));
            return out;
        }
        if (points.size() == 1) {
            PointFigures p = points.getFirst();
            out.add(String.format(Locale.ROOT, "%s served %s%s.", capitalised(name(p)), opsPerSecond(p),
                    Double.isNaN(p.value(Metrics.P99)) ? "" : " at a p99 latency of " + TickLabels.nanos(p.value(Metrics.P99))));
            return out;
        }
        List<PointFigures> unmeasured = points.stream().filter(p -> Double.isNaN(p.value(Metrics.THROUGHPUT))
                && completedRequests(p)).toList();
        List<PointFigures> steady = steadyOnes(serving);
        if (steady.size() > 1 && steady.size() < serving.size()) {
            serving = steady; // only then are points left out for measuring their load phase
        }
        Comparator<PointFigures> byThroughput = Comparator.comparingDouble(p -> p.value(Metrics.THROUGHPUT));
        PointFigures best = serving.stream().max(byThroughput.thenComparing(p -> -p.index())).orElseThrow();
        PointFigures worst = serving.stream().min(byThroughput.thenComparing(PointFigures::index)).orElseThrow();
        boolean perTenant = points.stream().map(PointFigures::serverTenants).distinct().count() > 1;
        if (best.value(Metrics.THROUGHPUT) == worst.value(Metrics.THROUGHPUT)) {
            out.add(String.format(Locale.ROOT, "%s served the same throughput, %s ops/s.", serving.size() == points.size()
                    ? "Every point" : serving == steady ? "Every point in steady state"
                    : unmeasured.isEmpty() ? "Every point that completed a request" : "Every point with a throughput",
                    TickLabels.count(best.value(Metrics.THROUGHPUT))));
        } else {
            out.add(String.format(Locale.ROOT, "Highest throughput: %s, %s%s, %s the lowest, %s (%s%s).", name(best),
                opsPerSecond(best), perTenant ? tenants(best) : "",
                times(best.value(Metrics.THROUGHPUT) / worst.value(Metrics.THROUGHPUT)), name(worst),
                opsPerSecond(worst), perTenant ? tenants(worst) : ""));
        }
        bestByFirstField(serving, perTenant, out);
        List<PointFigures> idle = points.stream().filter(p -> !(p.value(Metrics.THROUGHPUT) > 0) && !unmeasured.contains(p))
                .toList();
        if (!idle.isEmpty()) {
            out.add(String.format(Locale.ROOT, "No request completed at %s.", names(idle)));
        }
        if (!unmeasured.isEmpty()) {
            out.add(String.format(Locale.ROOT, "%s completed requests but %s no throughput in ops/s (a tenant's"
                    + " throughput_ops_per_s not reported, or not a number), so the comparisons leave %s out.",
                    capitalised(names(unmeasured)), unmeasured.size() == 1 ? "has" : "have",
                    unmeasured.size() == 1 ? "it" : "them"));
        }
        List<PointFigures> latency = serving.stream().filter(p -> p.value(Metrics.P99) > 0).toList();
        if (latency.size() > 1 && latency.stream().mapToDouble(p -> p.value(Metrics.P99)).distinct().count() > 1) {
            Comparator<PointFigures> byP99 = Comparator.comparingDouble(p -> p.value(Metrics.P99));
            PointFigures fastest = latency.stream().min(byP99.thenComparing(PointFigures::index)).orElseThrow();
            PointFigures slowest = latency.stream().max(byP99.thenComparing(p -> -p.index())).orElseThrow();
            out.add(String.format(Locale.ROOT, "Lowest p99 latency: %s, %s; the highest, %s, is %s (%s).", name(fastest),
                    TickLabels.nanos(fastest.value(Metrics.P99)), name(slowest),
                    times(slowest.value(Metrics.P99) / fastest.value(Metrics.P99)) + " as high",
                    TickLabels.nanos(slowest.value(Metrics.P99))));
        }
        return out;
    }

    /**
     * Says why no point has a throughput to compare: none completed a request; or requests completed, yet no point reports
     * an ops/s figure (an RDMA write or MPI benchmark, a user's own workload that counts its requests), or those that
     * report one report 0, which the tables show as such (a user's workload that counts no request in the window). A point
     * whose workloads count no request at all (neither a request count, nor latencies, nor ops/s: tenants touching memory,
     * a user's workload with figures of its own) is not said to have completed none: nothing says how many it did.
     */
    private static String noThroughput(List<PointFigures> points) {
        if (points.stream().noneMatch(Finding::completedRequests) && points.stream().anyMatch(Finding::countsRequests)) {
            return "No point completed a request, so there is no throughput or latency to compare.";
        }
        String own = "the workloads report their own figures: see each point's table and summary.csv";
        List<PointFigures> zero = points.stream().filter(p -> p.value(Metrics.THROUGHPUT) == 0).toList();
        if (zero.isEmpty()) {
            return "No point reports a throughput in ops/s (a workload's throughput_ops_per_s; " + own
                    + "), so there is no throughput to compare.";
        }
        boolean every = zero.size() == points.size();
        String who = every && points.size() > 1 ? "Every point reports" : capitalised(names(zero)) + (zero.size() == 1 ? " reports" : " report");
        return who + " a throughput of 0 ops/s (a workload's throughput_ops_per_s)" + (every ? "" : " and the others none")
                + ", though requests completed (" + own + "), so there is no throughput to compare.";
    }

    /**
     * Names the points whose load generators were still setting their keys when the run ended: their figures, those
     * the sentences before may compare, describe the load phase, not the workload.
     */
    private static String loading(List<PointFigures> points) {
        List<PointFigures> loading = points.stream().filter(p -> !p.stillLoading().isEmpty()).toList();
        if (loading.isEmpty()) {
            return "";
        }
        String who;
        if (loading.size() == 1) {
            List<String> generators = loading.getFirst().stillLoading();
            who = joined(generators) + (generators.size() == 1 ? " was" : " were");
        } else {
            who = "load generators were";
        }
        boolean leftOut = steadyOnes(points.stream().filter(p -> p.value(Metrics.THROUGHPUT) > 0).toList()).size() > 1;
        return String.format(Locale.ROOT, "Not in steady state at %s: %s still setting their keys when the run ended, so %s"
                + " the load phase, not the workload; the comparisons above %s (a longer warm-up measures the workload, where"
                + " the host lets the load phase end).", names(loading), who, loading.size() == 1 ? "it measured" : "they measured",
                leftOut ? (loading.size() == 1 ? "leave it out" : "leave them out")
                        : (loading.size() == 1 ? "include it" : "include them") + ", as fewer than two points are in steady state");
    }

    /**
     * The points among {@code serving} whose load generators had all finished setting their keys: the comparisons are
     * between these when there are two or more, since a point that measured its load phase says nothing of the workload.
     */
    private static List<PointFigures> steadyOnes(List<PointFigures> serving) {
        return serving.stream().filter(p -> p.stillLoading().isEmpty()).toList();
    }

    private static String joined(List<String> items) {
        return items.size() == 1 ? items.getFirst()
                : String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.getLast();
    }

    /**
     * When the first swept field takes several values and each holds several points (the default: the memory
     * policy, then the tenant count), the best throughput of each value and how it compares with the top one.
     */
    private static void bestByFirstField(List<PointFigures> serving, boolean perTenant, List<String> out) {
        if (serving.getFirst().values().isEmpty()) {
            return;
        }
        String field = serving.getFirst().values().keySet().iterator().next();
        Map<String, PointFigures> best = new LinkedHashMap<>();
        for (PointFigures p : serving) {
            String value = p.values().get(field);
            if (value != null && (!best.containsKey(value) || p.value(Metrics.THROUGHPUT) > best.get(value).value(Metrics.THROUGHPUT))) {
                best.put(value, p);
            }
        }
        if (best.size() < 2 || best.size() == serving.size()) {
            return;
        }
        List<PointFigures> ranked = best.values().stream().sorted(Comparator.comparingDouble(
                (PointFigures p) -> -p.value(Metrics.THROUGHPUT)).thenComparingInt(PointFigures::index)).toList();
        PointFigures top = ranked.getFirst();
        out.add(String.format(Locale.ROOT, "Best of each %s: `%s` %s at point %d%s, %s.", field, top.values().get(field),
                opsPerSecond(top), top.index(), perTenant ? " (" + top.serverTenants() + " tenants)" : "",
                ranked.subList(1, ranked.size()).stream().map(p -> String.format(Locale.ROOT, "%s `%s`'s %s at point %d%s",
                        times(top.value(Metrics.THROUGHPUT) / p.value(Metrics.THROUGHPUT)), p.values().get(field),
                        opsPerSecond(p), p.index(), perTenant ? " (" + p.serverTenants() + " tenants)" : ""))
                        .collect(Collectors.joining(", "))));
    }

    private static String saturation(List<PointFigures> points) {
        if (points.stream().allMatch(p -> "unmodelled".equals(p.saturation()))) {
            return "";
        }
        Map<String, List<PointFigures>> byResource = new LinkedHashMap<>();
        points.stream().filter(PointFigures::saturated).forEach(p -> byResource.computeIfAbsent(p.resource(),
                r -> new ArrayList<>()).add(p));
        if (byResource.isEmpty()) {
            return "No resource saturated at any point (utilisation of 90 % or more over the measured window).";
        }
        List<String> parts = new ArrayList<>();
        byResource.forEach((resource, at) -> parts.add("the " + resource + " at " + names(at)));
        List<PointFigures> calm = points.stream().filter(p -> !p.saturated()).toList();
        return "Saturated first: " + String.join("; ", parts) + "."
                + (calm.isEmpty() ? "" : " No resource saturated at " + names(calm) + ".");
    }

    private static void thrashing(List<PointFigures> points, List<String> out) {
        double best = points.stream().mapToDouble(p -> p.value(Metrics.THROUGHPUT)).filter(v -> v > 0).max().orElse(0);
        for (PointFigures p : points) {
            double requests = p.value(Metrics.LATENCY_COUNT);
            long major = p.majorFaults();
            if (major > 0 && (!(requests > 0) || major / requests >= THRASHING_PER_REQUEST)) {
                double throughput = p.value(Metrics.THROUGHPUT);
                boolean compared = best > 0 && throughput > 0 && points.size() > 1;
                // a point that pages this much yet serves (nearly) the best throughput is paging, not thrashing
                boolean kept = compared && throughput >= KEPT_THROUGHPUT * best;
                out.add(String.format(Locale.ROOT, "%s %s: %s major faults (CPU and NIC) in the measured window (%s)%s.",
                        capitalised(name(p)), kept ? "paged heavily without losing throughput" : "thrashed",
                        TickLabels.count(major), requests > 0 ? String.format(Locale.ROOT,
                                "%.2f per completed request", major / requests) : "and no completed request",
                        compared ? String.format(Locale.ROOT, "; it kept %.0f %% of the best throughput", 100 * throughput / best) : ""));
            }
        }
    }

    private static String integrity(List<PointFigures> points) {
        List<PointFigures> wrong = points.stream().filter(p -> p.mismatches() > 0).toList();
        if (wrong.isEmpty() && points.stream().allMatch(p -> Double.isNaN(p.value(Metrics.MISMATCHES)))) {
            // an RDMA benchmark's or a user's own workload may check nothing it reads: then nothing vouches for it
            return "No workload checks the values it reads back (none reports mismatches), so data integrity was not checked.";
        }
        if (wrong.isEmpty()) {
            return "Every value read back as written: no data-integrity mismatch.";
        }
        return "DATA-INTEGRITY FAILURE: " + wrong.stream().map(p -> String.format(Locale.ROOT, "%d value%s read back"
                        + " differently from how %s written at %s", p.mismatches(), p.mismatches() == 1 ? "" : "s",
                p.mismatches() == 1 ? "it was" : "they were", name(p))).collect(Collectors.joining("; "))
                + " (a model bug: no figure of " + (wrong.size() == 1 ? "that point" : "those points") + " can be trusted).";
    }

    /**
     * Returns {@code p}'s throughput ({@code 42.8k ops/s}), with how many requests it rests on when they are fewer than
     * {@value #FEW_REQUESTS} ({@code 15.2k ops/s from 163 requests}).
     */
    private static String opsPerSecond(PointFigures p) {
        double requests = p.value(Metrics.LATENCY_COUNT);
        return TickLabels.count(p.value(Metrics.THROUGHPUT)) + " ops/s" + (requests > 0 && requests < FEW_REQUESTS
                ? String.format(Locale.ROOT, " from %d request%s", Math.round(requests), requests == 1 ? "" : "s") : "");
    }

    private static String tenants(PointFigures p) {
        int n = p.serverTenants();
        return n == 0 ? "" : String.format(Locale.ROOT, " with %d tenant%s, %s each", n, n == 1 ? "" : "s",
                TickLabels.count(p.value(Metrics.THROUGHPUT) / n));
    }

    private static String times(double ratio) {
        return String.format(Locale.ROOT, "%.2fx", ratio);
    }

    /** Returns whether some request completed at {@code p} in the measured window (a latency recorded, or a request counted). */
    private static boolean completedRequests(PointFigures p) {
        return p.value(Metrics.LATENCY_COUNT) > 0 || p.value(Metrics.REQUESTS) > 0;
    }

    private static boolean countsRequests(PointFigures p) {
        return p.total().containsKey(Metrics.LATENCY_COUNT) || p.total().containsKey(Metrics.REQUESTS)
                || p.total().containsKey(Metrics.THROUGHPUT);
    }

    private static String name(PointFigures p) {
        return "point " + p.index() + (p.label().isEmpty() ? "" : " (`" + p.label() + "`)");
    }

    /** One point with its label; several by their indices alone (the tables name them). */
    private static String names(List<PointFigures> points) {
        if (points.size() == 1) {
            return name(points.getFirst());
        }
        List<String> indices = points.stream().map(p -> String.valueOf(p.index())).toList();
        return "points " + String.join(", ", indices.subList(0, indices.size() - 1)) + " and " + indices.getLast();
    }

    private static String capitalised(String text) {
        return Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }
}
