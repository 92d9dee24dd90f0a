package org.overbook.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.run.SteadyState;
import org.overbook.perf.run.TenantRow;

/** The finding's sentences, generated from known figures: the default's shape, a thrashing point, a mismatch. */
class FindingTest {

    /**
     * A point of the default's sweep: {@code n} server tenants and their clients, each client serving
     * {@code perTenant} ops/s at {@code p99} ns, {@code major} major faults on the first server tenant, the
     * saturation verdict naming {@code saturated} (empty: none saturated).
     */
    static PointFigures point(int index, String policy, int n, double perTenant, long p99, long major, String saturated,
                              long mismatches) {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("nic.memory-policy", policy);
        values.put("tenants.count", String.valueOf(n));
        List<TenantRow> rows = new ArrayList<>();
        for (int t = 0; t < n; t++) {
            rows.add(new TenantRow("s" + t, "server", "memcached", Map.of("cpu_major_faults", t == 0 ? major : 0L)));
        }
        for (int t = 0; t < n; t++) {
            rows.add(new TenantRow("c" + t, "client", "memaslap", Map.of(Metrics.THROUGHPUT, perTenant)));
        }
        Map<String, Number> total = new LinkedHashMap<>();
        total.put(Metrics.THROUGHPUT, perTenant * n);
        total.put(Metrics.LATENCY_COUNT, Math.round(perTenant * n * 0.1)); // 100 ms measured
        if (p99 > 0) {
            total.put(Metrics.P99, p99);
        }
        total.put(Metrics.MISMATCHES, mismatches);
        String label = "nic.memory-policy=" + policy + ", tenants.count=" + n;
        return new PointFigures(index, label, values, 1, 1000, rows, total, saturated.isEmpty() ? "none" : "saturated",
                saturated.isEmpty() ? "server PCIe host-to-NIC" : saturated, "", "", Map.of());
    }

    private static List<PointFigures> defaultShape() {
        return List.of(point(0, "pin-all", 1, 695_000, 15_300, 0, "", 0), point(1, "pin-all", 2, 695_000, 15_300, 0, "", 0),
                point(2, "on-demand", 2, 695_000, 15_300, 0, "", 0), point(3, "on-demand", 3, 694_000, 15_300, 0, "", 0),
                point(4, "on-demand", 4, 693_750, 15_300, 0, "", 0),
                point(5, "on-demand", 5, 4_400, 12_000_000, 9_000, "server swap device writes", 0),
                point(6, "on-demand", 6, 0, 0, 20_000, "server swap device writes", 0));
    }

    /** {@code base} with client {@code c<t>} still loading at the end ({@code load_phase_end_ns} -1) for each t in {@code loading}. */
    private static PointFigures loading(PointFigures base, int... loading) {
        List<TenantRow> rows = new ArrayList<>(base.tenants());
        for (int t : loading) {
            int at = base.serverTenants() + t;
            TenantRow row = rows.get(at);
            Map<String, Number> metrics = new LinkedHashMap<>(row.metrics());
            metrics.put(SteadyState.LOAD_END, -1L);
            rows.set(at, new TenantRow(row.name(), row.host(), row.workload(), metrics));
        }
        return new PointFigures(base.index(), base.label(), base.values(), base.seed(), base.events(), rows, base.total(),
                base.saturation(), base.resource(), base.saturationWords(), base.yaml(), base.replications());
    }

    @Test
    void aPointThatPagesHeavilyButKeepsTheBestThroughputIsNotSaidToThrash() {
        List<PointFigures> points = List.of(point(0, "on-demand", 2, 500_000, 20_000, 0, "", 0),
                point(1, "on-demand", 3, 400_000, 30_000, 20_000, "", 0));
        List<String> sentences = Finding.sentences(points);
        assertTrue(sentences.contains("Point 1 (`nic.memory-policy=on-demand, tenants.count=3`) paged heavily without losing"
                + " throughput: 20k major faults (CPU and NIC) in the measured window (0.17 per completed request); it kept"
                + " 100 % of the best throughput."), sentences.toString());
    }

    @Test
    void pointsWhoseLoadGeneratorsWereStillLoadingAreNamedAsNotInSteadyState() {
        List<PointFigures> points = new ArrayList<>(defaultShape());
        assertTrue(Finding.sentences(points).stream().noneMatch(s -> s.startsWith("Not in steady state")));
        points.set(5, loading(points.get(5), 0, 1));
        assertTrue(Finding.sentences(points).contains("Not in steady state at point 5 (`nic.memory-policy=on-demand,"
                + " tenants.count=5`): c0 and c1 were still setting their keys when the run ended, so it measured the load"
                + " phase, not the workload; the comparisons above leave it out (a longer warm-up measures the workload, where"
                + " the host lets the load phase end)."), Finding.sentences(points).toString());
        points.set(6, loading(points.get(6), 3));
        assertTrue(Finding.sentences(points).stream().anyMatch(s -> s.startsWith("Not in steady state at points 5 and 6:"
                + " load generators were still setting")), Finding.sentences(points).toString());
    }

    @Test
    void theComparisonsLeaveOutPointsThatMeasuredTheirLoadPhaseWhileTwoOrMoreAreInSteadyState() {
        List<PointFigures> points = new ArrayList<>(defaultShape());
        points.set(5, loading(points.get(5), 0)); // 22k ops/s, p99 12 ms: the lowest throughput and the highest p99
        points.set(0, point(0, "pin-all", 1, 695_000, 14_000, 0, "", 0)); // the lowest p99 of the steady points
        List<String> sentences = Finding.sentences(points);
        assertEquals("Highest throughput: point 4 (`nic.memory-policy=on-demand, tenants.count=4`), 2.78M ops/s with 4 tenants,"
                + " 694k each, 3.99x the lowest, point 0 (`nic.memory-policy=pin-all, tenants.count=1`) (695k ops/s with"
                + " 1 tenant, 695k each).", sentences.getFirst());
        assertTrue(sentences.contains("Lowest p99 latency: point 0 (`nic.memory-policy=pin-all, tenants.count=1`), 14 µs;"
                + " the highest, point 1 (`nic.memory-policy=pin-all, tenants.count=2`), is 1.09x as high (15.3 µs)."),
                sentences.toString());

        // one point in steady state compares with nothing: the comparisons take every point, and say so
        List<PointFigures> two = List.of(point(0, "on-demand", 2, 500_000, 20_000, 0, "", 0),
                loading(point(1, "on-demand", 3, 100_000, 90_000, 0, "", 0), 2));
        List<String> twoSentences = Finding.sentences(two);
        assertTrue(twoSentences.getFirst().startsWith("Highest throughput: point 0 (`nic.memory-policy=on-demand, tenants.count=2`),"
                + " 1M ops/s with 2 tenants, 500k each, 3.33x the lowest, point 1"), twoSentences.toString());
        assertTrue(twoSentences.stream().anyMatch(s -> s.contains("; the comparisons above include it, as fewer than two"
                + " points are in steady state (")), twoSentences.toString());
    }

    @Test
    void equalThroughputsAmongServingPointsAllInSteadyStateAreNotSaidToBeEveryPointInSteadyState() {
        List<PointFigures> points = List.of(point(0, "on-demand", 2, 500_000, 20_000, 0, "", 0),
                point(1, "on-demand", 2, 500_000, 20_000, 0, "", 0), point(2, "on-demand", 6, 0, 0, 20_000, "", 0));
        List<String> sentences = Finding.sentences(points);
        assertEquals("Every point that completed a request served the same throughput, 1M ops/s.", sentences.getFirst(),
                "point 2 is in steady state too, and served nothing");
        assertTrue(sentences.contains("No request completed at point 2 (`nic.memory-policy=on-demand, tenants.count=6`)."),
                sentences.toString());
    }

    @Test
    void aPointThatCompletedRequestsButMeasuredNoThroughputIsNotSaidToHaveCompletedNone() {
        // a tenant's gauge not a number makes the point's total not measured, though its requests completed
        PointFigures measured = point(1, "on-demand", 2, 500_000, 20_000, 0, "", 0);
        Map<String, Number> total = new LinkedHashMap<>(measured.total());
        total.put(Metrics.THROUGHPUT, Double.NaN);
        PointFigures unmeasured = new PointFigures(0, "nic.memory-policy=pin-all, tenants.count=2", measured.values(), 1, 1000,
                measured.tenants(), total, "none", "", "", "", Map.of());
        List<PointFigures> points = List.of(unmeasured, measured, point(2, "on-demand", 6, 0, 0, 20_000, "", 0));
        List<String> sentences = Finding.sentences(points);
        assertEquals("Every point with a throughput served the same throughput, 1M ops/s.", sentences.getFirst());
        assertTrue(sentences.contains("No request completed at point 2 (`nic.memory-policy=on-demand, tenants.count=6`)."),
                sentences.toString());
        assertTrue(sentences.contains("Point 0 (`nic.memory-policy=pin-all, tenants.count=2`) completed requests but has no"
                + " throughput in ops/s (a tenant's throughput_ops_per_s not reported, or not a number), so the comparisons"
                + " leave it out."), sentences.toString());
        assertTrue(sentences.stream().noneMatch(s -> s.startsWith("No request completed at point 0")
                || s.contains("points 0 and 2")), sentences.toString());
    }

    @Test
    void theDefaultsShapeNamesTheBestPointTheCliffAndWhatSaturated() {
        List<String> sentences = Finding.sentences(defaultShape());
        assertEquals(List.of(
                "Highest throughput: point 4 (`nic.memory-policy=on-demand, tenants.count=4`), 2.78M ops/s with 4 tenants,"
                        + " 694k each, 126.14x the lowest, point 5 (`nic.memory-policy=on-demand, tenants.count=5`)"
                        + " (22k ops/s with 5 tenants, 4.4k each).",
                "Best of each nic.memory-policy: `on-demand` 2.78M ops/s at point 4 (4 tenants), 2.00x `pin-all`'s 1.39M"
                        + " ops/s at point 1 (2 tenants).",
                "No request completed at point 6 (`nic.memory-policy=on-demand, tenants.count=6`).",
                "Lowest p99 latency: point 0 (`nic.memory-policy=pin-all, tenants.count=1`), 15.3 µs; the highest, point 5"
                        + " (`nic.memory-policy=on-demand, tenants.count=5`), is 784.31x as high (12 ms).",
                "Saturated first: the server swap device writes at points 5 and 6. No resource saturated at points 0, 1,"
                        + " 2, 3 and 4.",
                "Point 5 (`nic.memory-policy=on-demand, tenants.count=5`) thrashed: 9k major faults (CPU and NIC) in the measured window"
                        + " (4.09 per completed request); it kept 1 % of the best throughput.",
                "Point 6 (`nic.memory-policy=on-demand, tenants.count=6`) thrashed: 20k major faults (CPU and NIC) in the measured window"
                        + " (and no completed request).",
                "Every value read back as written: no data-integrity mismatch."), sentences);
    }

    @Test
    void aFewMajorFaultsAreNotThrashingButManyAre() {
        PointFigures calm = point(0, "on-demand", 2, 695_000, 15_300, 1_000, "", 0); // 1000 of 139k requests
        PointFigures paging = point(1, "on-demand", 2, 695_000, 15_300, 1_390, "", 0); // exactly 1 %
        List<String> sentences = Finding.sentences(List.of(calm, paging));
        assertEquals(1, sentences.stream().filter(s -> s.contains("major faults (CPU and NIC)")).count(), sentences.toString());
        // at the rate that counts, but serving as much as the best point: paging, not thrashing
        assertTrue(sentences.contains("Point 1 (`nic.memory-policy=on-demand, tenants.count=2`) paged heavily without losing"
                + " throughput: 1.39k major faults (CPU and NIC) in the measured window (0.01 per completed request); it kept"
                + " 100 % of the best throughput."), sentences.toString());
        assertEquals("Every point served the same throughput, 1.39M ops/s.", sentences.getFirst());
        assertTrue(sentences.stream().noneMatch(s -> s.startsWith("Lowest p99")), "equal p99s name no best point");
    }

    /** {@code base} with {@code requests} completed in its measured window. */
    private static PointFigures withRequests(PointFigures base, long requests) {
        Map<String, Number> total = new LinkedHashMap<>(base.total());
        total.put(Metrics.LATENCY_COUNT, requests);
        return new PointFigures(base.index(), base.label(), base.values(), base.seed(), base.events(), base.tenants(), total,
                base.saturation(), base.resource(), base.saturationWords(), base.yaml(), base.replications());
    }

    @Test
    void aThroughputFromFewRequestsSaysHowManyItRestsOnAndOneFromManyDoesNot() {
        List<PointFigures> points = new ArrayList<>(defaultShape());
        points.set(5, withRequests(points.get(5), 163));
        List<String> sentences = Finding.sentences(points);
        assertEquals("Highest throughput: point 4 (`nic.memory-policy=on-demand, tenants.count=4`), 2.78M ops/s with 4 tenants,"
                + " 694k each, 126.14x the lowest, point 5 (`nic.memory-policy=on-demand, tenants.count=5`)"
                + " (22k ops/s from 163 requests with 5 tenants, 4.4k each).", sentences.getFirst());
        points.set(5, withRequests(points.get(5), Finding.FEW_REQUESTS));
        assertTrue(Finding.sentences(points).getFirst().endsWith("(22k ops/s with 5 tenants, 4.4k each)."),
                "from " + Finding.FEW_REQUESTS + " requests on, a figure is quoted alone: " + Finding.sentences(points).getFirst());

        // the best point itself, and the best of a policy, from a handful of requests
        List<PointFigures> few = List.of(withRequests(point(0, "pin-all", 1, 695_000, 15_300, 0, "", 0), 1),
                point(1, "pin-all", 1, 600_000, 15_300, 0, "", 0), withRequests(point(2, "on-demand", 1, 50_000, 15_300, 0, "", 0), 40),
                point(3, "on-demand", 1, 40_000, 15_300, 0, "", 0));
        List<String> fewSentences = Finding.sentences(few);
        assertTrue(fewSentences.getFirst().startsWith("Highest throughput: point 0 (`nic.memory-policy=pin-all, tenants.count=1`),"
                + " 695k ops/s from 1 request, 17.38x the lowest"), fewSentences.toString());
        assertEquals("Best of each nic.memory-policy: `pin-all` 695k ops/s from 1 request at point 0, 13.90x `on-demand`'s 50k ops/s"
                + " from 40 requests at point 2.", fewSentences.get(1));
        assertEquals("Point 0 (`nic.memory-policy=pin-all, tenants.count=1`) served 695k ops/s from 1 request at a p99 latency"
                + " of 15.3 µs.", Finding.sentences(few.subList(0, 1)).getFirst());
    }

    @Test
    void aMismatchIsSaidLoudlyWithThePointAndTheCount() {
        List<PointFigures> points = List.of(point(0, "pin-all", 2, 695_000, 15_300, 0, "", 0),
                point(1, "on-demand", 2, 695_000, 15_300, 0, "", 3));
        String last = Finding.sentences(points).getLast();
        assertEquals("DATA-INTEGRITY FAILURE: 3 values read back differently from how they were written at point 1"
                + " (`nic.memory-policy=on-demand, tenants.count=2`) (a model bug: no figure of that point can be trusted).", last);
        assertTrue(Finding.markdown(points).startsWith("## Finding\n\n- Every point served the same throughput"), Finding.markdown(points));
    }

    @Test
    void pointsWhoseWorkloadsCheckNothingAreNotSaidToHaveReadEveryValueBack() {
        PointFigures checked = point(0, "on-demand", 1, 1000, 15_300, 0, "", 0);
        Map<String, Number> total = new LinkedHashMap<>(checked.total());
        total.remove(Metrics.MISMATCHES);
        PointFigures unchecked = new PointFigures(1, checked.label(), checked.values(), 1, 1000, checked.tenants(), total, "none",
                "server PCIe host-to-NIC", "", "", Map.of());
        assertEquals("No workload checks the values it reads back (none reports mismatches), so data integrity was not checked.",
                Finding.sentences(List.of(unchecked)).getLast());
        assertEquals("Every value read back as written: no data-integrity mismatch.",
                Finding.sentences(List.of(checked, unchecked)).getLast(), "one point that checks is enough to say so");
    }

    @Test
    void onePointIsDescribedAlone() {
        List<String> sentences = Finding.sentences(List.of(point(0, "on-demand", 4, 693_750, 15_300, 0, "", 0)));
        assertEquals("Point 0 (`nic.memory-policy=on-demand, tenants.count=4`) served 2.78M ops/s at a p99 latency of 15.3 µs.",
                sentences.getFirst());
    }

    @Test
    void requestsWithoutAnOpsPerSecondFigureAreNotSaidNeverToHaveCompleted() {
        // an RDMA write benchmark reports its own bandwidth, no ops/s, yet its requests completed and have latency
        Map<String, Number> total = new LinkedHashMap<>();
        total.put(Metrics.LATENCY_COUNT, 650L);
        total.put(Metrics.MISMATCHES, 0L);
        List<TenantRow> rows = List.of(new TenantRow("lat-client", "client", "rdma-write-latency", Map.of(Metrics.LATENCY_COUNT, 650L)));
        List<PointFigures> points = List.of(
                new PointFigures(0, "nic.memory-policy=pin-all", Map.of("nic.memory-policy", "pin-all"), 1, 1000, rows, total,
                        "none", "server PCIe host-to-NIC", "", "", Map.of()),
                new PointFigures(1, "nic.memory-policy=on-demand", Map.of("nic.memory-policy", "on-demand"), 1, 1000, rows, total,
                        "none", "server PCIe host-to-NIC", "", "", Map.of()));
        String first = Finding.sentences(points).getFirst();
        assertTrue(first.startsWith("No point reports a throughput in ops/s"), first);
        // a workload of the user's own that counts its requests but reports neither ops/s nor latencies
        Map<String, Number> counted = Map.of(Metrics.REQUESTS, 6392L, Metrics.MISMATCHES, 0L);
        List<TenantRow> rpc = List.of(new TenantRow("c0", "client", "rpc-client", counted));
        String own = Finding.sentences(List.of(new PointFigures(0, "think=0us", Map.of("think", "0us"), 1, 1000, rpc, counted,
                "none", "server CPUs", "", "", Map.of()))).getFirst();
        assertTrue(own.startsWith("No point reports a throughput in ops/s (a workload's throughput_ops_per_s;"), own);
        List<PointFigures> idle = List.of(point(0, "pin-all", 1, 0, 0, 0, "", 0));
        assertTrue(Finding.sentences(idle).getFirst().startsWith("No point completed a request"), Finding.sentences(idle).toString());
    }

    @Test
    void workloadsThatCountNoRequestAreNotSaidToHaveCompletedNone() {
        // tenants touching memory, or a user's workload reporting figures of its own (touches, not requests): nothing
        // says how many requests completed, so the finding says that no point reports a throughput
        Map<String, Number> own = Map.of("workload.touches", 5176L, Metrics.MISMATCHES, 0L);
        List<TenantRow> rows = List.of(new TenantRow("s0", "server", "strider", own));
        String first = Finding.sentences(List.of(new PointFigures(0, "host.memory=48MiB", Map.of("host.memory", "48MiB"), 3, 1000,
                rows, own, "none", "server CPUs", "", "", Map.of()))).getFirst();
        assertTrue(first.startsWith("No point reports a throughput in ops/s (a workload's throughput_ops_per_s;"), first);
    }

    @Test
    void aThroughputOfZeroThatTheTableShowsIsSaidToBeZeroNotMissing() {
        // a user's workload that counts its requests and reports its ops/s over the window, where none of them fell
        Map<String, Number> counted = new LinkedHashMap<>();
        counted.put(Metrics.REQUESTS, 2000L);
        counted.put(Metrics.THROUGHPUT, 0.0);
        counted.put(Metrics.MISMATCHES, 0L);
        List<TenantRow> rows = List.of(new TenantRow("c0", "client", "cache-aside", counted));
        List<PointFigures> points = List.of(
                new PointFigures(0, "nic.memory-policy=pin-all", Map.of("nic.memory-policy", "pin-all"), 1, 1000, rows, counted,
                        "none", "server CPUs", "", "", Map.of()),
                new PointFigures(1, "nic.memory-policy=on-demand", Map.of("nic.memory-policy", "on-demand"), 1, 1000, rows, counted,
                        "none", "server CPUs", "", "", Map.of()));
        assertEquals("Every point reports a throughput of 0 ops/s (a workload's throughput_ops_per_s), though requests completed"
                + " (the workloads report their own figures: see each point's table and summary.csv), so there is no throughput"
                + " to compare.", Finding.sentences(points).getFirst());
        assertTrue(Finding.sentences(points.subList(0, 1)).getFirst().startsWith("Point 0 (`nic.memory-policy=pin-all`) reports"
                + " a throughput of 0 ops/s"), Finding.sentences(points.subList(0, 1)).toString());
        // one point reports 0, the other no figure at all: each is said as its table shows it (0, and -)
        Map<String, Number> silent = Map.of(Metrics.REQUESTS, 2000L, Metrics.MISMATCHES, 0L);
        List<PointFigures> mixed = List.of(points.getFirst(), new PointFigures(1, "nic.memory-policy=on-demand",
                Map.of("nic.memory-policy", "on-demand"), 1, 1000, List.of(new TenantRow("c0", "client", "other", silent)), silent,
                "none", "server CPUs", "", "", Map.of()));
        assertTrue(Finding.sentences(mixed).getFirst().startsWith("Point 0 (`nic.memory-policy=pin-all`) reports a throughput"
                + " of 0 ops/s (a workload's throughput_ops_per_s) and the others none, though requests completed"),
                Finding.sentences(mixed).toString());
    }
}
