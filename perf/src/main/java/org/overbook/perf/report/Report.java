package org.overbook.perf.report;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.stream.Collectors;
import org.overbook.nic.NicConfig;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.Saturation;
import org.overbook.perf.run.TenantRow;
import org.overbook.perf.scenario.Scenario;
import org.overbook.perf.scenario.ScenarioBuilder;
import org.overbook.perf.scenario.TenantSpec;

/**
 * The {@code report.md} of a results folder: the finding ({@link Finding}), the scenario in words, the main metrics (and
 * a plug-in workload's figures of its own: {@link OwnFigures}), the charts.
 */
final class Report {

    private static final double MIB = 1 << 20;

    private final String source;
    private final List<RunResult> results;
    private final List<String> charts;
    private final List<List<Charts.Figure>> figures;
    private final String chartFailure;
    private final String keptSwap;
    private final boolean eachInFull;

    /**
     * @param charts   the charts of every point, shown at the top
     * @param figures  the charts of each point, in point order, shown in the point's section
     * @param keptSwap where the runs kept their swap files ({@code host.keep-swap}), relative to the folder: empty
     *                 for the folder itself, {@code .work/run-N/} for a folder per run
     * @param eachInFull whether each point has a section of its own, else a row of one table ({@link PointDetail})
     */
    Report(String source, List<RunResult> results, List<String> charts, List<List<Charts.Figure>> figures,
           String chartFailure, String keptSwap, boolean eachInFull) {
        this.source = source;
        this.results = results;
        this.charts = charts;
        this.figures = figures;
        this.chartFailure = chartFailure;
        this.keptSwap = keptSwap;
        this.eachInFull = eachInFull;
    }

    String markdown(BiFunction<RunResult, String, String> hgrmName) {
        StringBuilder out = new StringBuilder();
        out.append("# Overbook results: ").append(source).append("\n\n");
        out.append(Finding.markdown(PointFigures.of(results)));
        if (!results.isEmpty()) {
            // with several points the scenario in words is the first point's: say so, as the density report does
            out.append(results.size() > 1 ? "At point " + results.getFirst().index() + " (`" + results.getFirst().displayLabel()
                    + "`): " : "").append(words(results.getFirst().scenario())).append("\n\n");
        }
        if (!eachInFull) {
            out.append(String.format(Locale.ROOT, "The file sweeps %d points, a row each in the table at the end: with more"
                    + " than %d, no point has a section or charts of its own. `summary.csv` has every figure of each point,"
                    + " `timeseries.csv` and `resources.csv` its time series.%n%n", results.size(), PointDetail.POINTS));
        } else if (results.size() > 1) {
            out.append("The file sweeps ").append(results.size()).append(" points: ")
                    .append(results.stream().map(r -> "`" + r.displayLabel() + "`").collect(Collectors.joining("; ")))
                    .append(".\n\n");
        }
        out.append("Host and NIC counts are over the measured window (after the warm-up); page counts are the state at")
                .append(" the end; workload figures are what each workload reports, a load generator counting the replies that")
                .append(" arrive from the window's start (or from the end of its own load phase and warm-up, if later).")
                .append(" Latency is virtual time.\n\n");
        out.append(SaturationReport.rules(results)).append(SaturationReport.acrossPoints(results));
        if (!chartFailure.isEmpty()) {
            out.append("(Charts could not be drawn: ").append(chartFailure).append(")\n\n");
        }
        for (String chart : charts) {
            out.append("![").append(chart).append("](").append(chart).append(")\n\n");
        }
        for (int i = 0; i < results.size() && eachInFull; i++) {
            RunResult result = results.get(i);
            out.append("## Point ").append(result.index()).append(": ").append(result.displayLabel()).append("\n\n");
            out.append("| tenant | workload | throughput (ops/s) | p50 (µs) | p99 (µs) | hit ratio | CPU faults (minor/major)")
                    .append(" | NIC faults | NIC TLB hit rate | RNR NACKs | drops | pinned MiB | resident / swapped / ballooned pages")
                    .append(" | mismatches |\n");
            out.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
            for (TenantRow row : result.tenants()) {
                out.append(row(row.name(), row.workload(), row.metrics(), LatencyKinds.mixed(result, row.name())));
            }
            out.append(row("**total**", "", result.total(), LatencyKinds.mixed(result)));
            out.append('\n').append(LatencyKinds.table(result)).append(Caveats.point(result))
                    .append(OwnFigures.markdown(result.tenants()));
            if (!result.histogramKeys().isEmpty()) {
                out.append("Latency percentile files: ").append(result.histogramKeys().stream()
                        .map(key -> "[" + key + "](" + hgrmName.apply(result, key) + ")").collect(Collectors.joining(", ")))
                        .append(".\n\n");
            }
            out.append(String.format(Locale.ROOT, "Events simulated: %d. Data-integrity mismatches: %s. The swap store's peak"
                            + " size on disk: %s (for %.0f MiB of swap; its first extent is allocated up front, and it grows with what is"
                            + " swapped).%n%n",
                    result.events(), !result.total().containsKey(Metrics.MISMATCHES) ? "not checked (no workload reports mismatches)"
                            : result.mismatches() + (result.mismatches() == 0 ? " (every value read back as written)" : " — A MODEL BUG"),
                    mebibytes(result.total().get(Metrics.SWAP_PEAK_BYTES)), result.scenario().host().swapBytes() / MIB));
            out.append(SaturationReport.point(result));
            for (Charts.Figure figure : figures.get(i)) {
                out.append("![").append(figure.file()).append("](").append(figure.file()).append(")\n\n")
                        .append('*').append(figure.caption()).append("*\n\n");
            }
        }
        if (!eachInFull) {
            out.append(pointTable(hgrmName));
        }
        out.append("Files: `summary.csv` (every metric, one row per tenant and a total per point), `summary.json` (the same")
                .append(" with the resolved scenario and seed), `timeseries.csv` (every tenant's page counts and cumulative")
                .append(" faults, sampled every hundredth of the run from time 0, warm-up included), `resources.csv` (every")
                .append(" contended resource's cumulative busy time, requests and wait at the same instants), `*.hgrm` (latency")
                .append(" percentiles, µs), `timing.txt` (wall clock)");
        if (results.stream().anyMatch(r -> r.scenario().host().keepSwap())) {
            out.append(", and the server host's swap files, kept (`host.keep-swap: true`) in `").append(keptSwap)
                    .append(ScenarioBuilder.SERVER_HOST_DIRECTORY).append("/`")
                    .append(keptSwap.isEmpty() ? "" : ", a folder per simulation numbered in the order they started, on from those an"
                            + " earlier command into this folder kept");
        }
        out.append(".\n");
        return out.toString();
    }

    /** The table of every point, a row each with its total's main figures, for a run not shown point by point. */
    private String pointTable(BiFunction<RunResult, String, String> hgrmName) {
        StringBuilder out = new StringBuilder("## Points\n\n| point | values | throughput (ops/s) | p50 (µs) | p99 (µs) | hit ratio"
                + " | CPU faults (minor/major) | NIC faults | saturated first | mismatches | latency percentile files |\n"
                + "|---:|---|---:|---:|---:|---:|---:|---:|---|---:|---|\n");
        for (RunResult result : results) {
            Map<String, Number> m = result.total();
            boolean mixed = LatencyKinds.mixed(result);
            out.append(String.format(Locale.ROOT, "| %d | %s | %s | %s | %s | %s | %s / %s | %d | %s | %s | %s |%n",
                    result.index(), result.displayLabel(), Columns.format(m.get(Metrics.THROUGHPUT)),
                    mixed ? "" : micros(m.get(Metrics.P50)), mixed ? "" : micros(m.get(Metrics.P99)), hitRatio(m),
                    get(m, "cpu_minor_faults"), get(m, "cpu_major_faults"), nicFaults(m),
                    Saturation.of(result.resources()).brief(), get(m, Metrics.MISMATCHES),
                    result.histogramKeys().stream().map(key -> "[" + key + "](" + hgrmName.apply(result, key) + ")")
                            .collect(Collectors.joining(", "))));
        }
        return out.append('\n').toString();
    }

    private static long nicFaults(Map<String, Number> m) {
        long nicFaults = 0;
        for (String key : m.keySet()) {
            if (key.startsWith("nic_faults_")) {
                nicFaults += m.get(key).longValue();
            }
        }
        return nicFaults;
    }

    /** A row of the point's table; {@code mixedLatency}: its percentiles would merge kinds, left blank ({@link LatencyKinds}). */
    private static String row(String name, String workload, java.util.Map<String, Number> m, boolean mixedLatency) {
        long nicFaults = nicFaults(m);
        return String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s / %s | %d | %s | %s | %s | %s | %s / %s / %s | %s |%n",
                name, workload, Columns.format(m.get(Metrics.THROUGHPUT)), mixedLatency ? "" : micros(m.get(Metrics.P50)),
                mixedLatency ? "" : micros(m.get(Metrics.P99)),
                hitRatio(m), get(m, "cpu_minor_faults"), get(m, "cpu_major_faults"), nicFaults,
                Columns.format(m.get(Metrics.TLB_HIT_RATE)), get(m, "rnr_nacks_sent"), get(m, "drops"),
                m.get("pinned_bytes") == null ? "" : String.format(Locale.ROOT, "%.1f", m.get("pinned_bytes").doubleValue() / MIB),
                get(m, "resident_pages"), get(m, "swapped_pages"), get(m, "ballooned_pages"), get(m, Metrics.MISMATCHES));
    }

    /** The hit ratio, blank where no get was answered (a 0 would read as every get missing). */
    private static String hitRatio(java.util.Map<String, Number> m) {
        Number hits = m.get(Metrics.WORKLOAD_PREFIX + "hits");
        Number misses = m.get(Metrics.WORKLOAD_PREFIX + "misses");
        boolean noGets = hits != null && misses != null && hits.doubleValue() + misses.doubleValue() == 0;
        return noGets ? "" : Columns.format(m.get(Metrics.HIT_RATIO));
    }

    private static String get(java.util.Map<String, Number> m, String key) {
        return Columns.format(m.get(key));
    }

    /** Spells a byte count in MiB to one decimal, or "not measured". */
    static String mebibytes(Number bytes) {
        return bytes == null ? "not measured" : String.format(Locale.ROOT, "%.1f MiB", bytes.doubleValue() / MIB);
    }

    private static String micros(Number nanos) {
        return nanos == null ? "" : String.format(Locale.ROOT, "%.1f", nanos.doubleValue() / 1e3);
    }

    /** States the scenario in words. */
    static String words(Scenario s) {
        NicConfig nic = s.nic();
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%d server tenant(s) (%s) on a host with %.0f MiB of RAM and %.0f MiB of swap,"
                        + " overcommit %.2fx (guest memory over RAM); ", s.tenants().size(), describe(s.tenants()), s.host().memoryBytes() / MIB,
                s.host().swapBytes() / MIB, s.overcommit()));
        out.append(s.clients().isEmpty() ? "no clients: the client host runs nothing. "
                : String.format(Locale.ROOT, "%d client(s) (%s) on a client host with %.0f MiB, over a %.0f Gb/s link. ",
                s.clients().size(), describe(s.clients()), s.clientHost().memoryBytes() / MIB, s.link().bitsPerSecond() / 1e9));
        out.append(String.format(Locale.ROOT, "The server NIC uses the `%s` memory policy, the `%s` receive-fault policy over"
                        + " `%s`, and a %d-set x %d-way TLB (%s, %s). ", nic.pinning().memoryPolicy(), nic.receive().policy(),
                nic.receive().transport(), nic.tlb().sets(), nic.tlb().ways(), nic.tlb().replacement(), nic.tlb().partition()));
        out.append(s.balloon().enabled() ? "Ballooning is on (" + s.balloon().config().policy() + "). "
                : "Ballooning is off: only host swapping reclaims memory. ");
        out.append(String.format(Locale.ROOT, "Warm-up %.1f ms, then %.1f ms measured; seed %d.", s.warmUpNanos() / 1e6,
                s.durationNanos() / 1e6, s.seed()));
        return out.toString();
    }

    private static String describe(List<TenantSpec> tenants) {
        return tenants.stream().map(t -> String.format(Locale.ROOT, "%s: %s, %.0f MiB", t.name(), t.workload().name(),
                t.memoryBytes() / MIB)).collect(Collectors.joining("; "));
    }
}
