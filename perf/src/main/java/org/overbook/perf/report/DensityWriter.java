package org.overbook.perf.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.overbook.perf.density.CurvePoint;
import org.overbook.perf.density.DensityCurve;
import org.overbook.perf.density.SloMetric;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.run.SampleSize;

/**
 * Writes the results folder of a density search: {@code density.csv} (the curve, one row per probe in order of
 * tenants), a chart per bound of the objective ({@code density-p99.png}: the worst tenant's figure against the
 * number of tenants, the bound as a line), {@code report.md} (the answer, how it was found, the curve), and
 * {@code probes/}, the results folder of every probe as {@link ResultsWriter} writes one (a point per probe, every
 * replication of it as a replicated {@code run}'s folder holds a point's: {@link Replicated}).
 *
 * <p>{@code density.csv} is a pure function of the curve, which does not depend on the search's parallelism,
 * so it is byte-identical whatever {@code --threads}; numbers are spelled as in {@code summary.csv}
 * ({@link Columns#format}). Of a replicated probe, the worst figures are its judgement's
 * ({@link org.overbook.perf.density.Objective#judge}), the total throughput is the mean of its replications', and
 * {@code mismatches} counts every replication's, as the verdict judges them all.
 *
 * <p>A search still going may be written as it goes, each curve so far ({@link DensityCurve#complete()} false)
 * over the last: {@code report.md} then opens with INCOMPLETE and gives the answer so far, and {@code probes/}
 * is marked incomplete as an interrupted run's folder is, so a search stopped part way keeps what it had judged.
 * The first write puts an INCOMPLETE {@code report.md} in place before anything else, and every write puts the
 * report last; the final write of a whole curve leaves the folder byte for byte as a single write would (the
 * probes' {@code timing.txt}, wall-clock time, aside).
 */
public final class DensityWriter {

    public static final String CSV = "density.csv";
    public static final String REPORT = ResultsWriter.REPORT;
    /** The folder of the probes' own results. */
    public static final String PROBES = "probes";

    /** The columns of {@code density.csv}. */
    static final List<String> COLUMNS = List.of("step", "tenants", "clients", "overcommit", "worst_latency_p50_ns",
            "worst_latency_p99_ns", "worst_latency_p999_ns", "min_tenant_throughput_ops_per_s", "total_throughput_ops_per_s",
            "mismatches", "meets", "failed_tenant", "reason", "verdict", "p99_undersampled_tenants", "warm_up_ns", "duration_ns",
            "auto_window");

    private final Path folder;
    /** The writer of {@code probes/}, kept across writes: it draws a probe's own charts once. */
    private final ResultsWriter probes;
    /** Whether this writer has written the folder yet. */
    private boolean written;

    /** Returns a writer into {@code folder}, created if needed. */
    public DensityWriter(Path folder) {
        this.folder = Objects.requireNonNull(folder, "folder");
        this.probes = new ResultsWriter(folder.resolve(PROBES), folder.resolve(ResultsWriter.WORK));
    }

    /**
     * Writes every file of {@code curve}, the search's final curve or, while it is still going, the curve so far.
     *
     * @return the folder
     */
    public Path write(DensityCurve curve) {
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + folder, e);
        }
        if (!written) {
            // before anything of this search is published, so a folder interrupted while its first files are being
            // written never passes for a whole search (nor keeps an earlier search's report)
            AtomicFiles.write(folder.resolve(REPORT), DensityReport.unfinished("no probe has been written yet"));
            written = true;
        }
        if (curve.complete()) {
            probes.write(curve.source(), curve.results());
        } else {
            int judged = curve.points().size();
            String howFar = judged == 1 ? "1 probe of an unfinished density search has run"
                    : judged + " probes of an unfinished density search have run";
            probes.writeUnfinished(curve.source(), curve.results(), howFar + (curve.failure().isEmpty() ? "" : "; " + curve.failure()));
        }
        AtomicFiles.write(folder.resolve(CSV), csv(curve));
        DensityChart charts = new DensityChart(folder);
        List<String> drawn = charts.write(curve);
        // the chart of a bound an earlier search into this folder had and this one has not
        Arrays.stream(SloMetric.values()).map(DensityChart::fileName).filter(name -> !drawn.contains(name))
                .forEach(name -> AtomicFiles.remove(folder.resolve(name)));
        AtomicFiles.write(folder.resolve(REPORT), new DensityReport(curve, drawn, charts.failure()).markdown());
        return folder;
    }

    static String csv(DensityCurve curve) {
        StringBuilder out = new StringBuilder(String.join(",", COLUMNS)).append('\n');
        for (CurvePoint p : curve.points()) {
            List<Object> cells = List.of(p.step(), p.tenants(), p.clients(), Columns.format(p.overcommit()),
                    worst(p, SloMetric.P50), worst(p, SloMetric.P99), worst(p, SloMetric.P999), worst(p, SloMetric.OPS),
                    Columns.format(p.totalThroughput()), p.mismatches(), p.meets(),
                    Columns.csv(p.judgement().tenant()), Columns.csv(p.judgement().reason()), p.judgement().verdict(),
                    undersampled(p), p.timed().result().scenario().warmUpNanos(), p.timed().result().scenario().durationNanos(),
                    Columns.csv(String.join(" | ", p.retries())));
            out.append(String.join(",", cells.stream().map(String::valueOf).toList())).append('\n');
        }
        return out.toString();
    }

    /**
     * Returns how many tenants of {@code p}'s run completed requests but too few for a p99 ({@link SampleSize}); a
     * density verdict never rests on such a p99.
     */
    static long undersampled(CurvePoint p) {
        return p.timed().result().tenants().stream()
                .filter(row -> row.value(Metrics.LATENCY_COUNT) > 0 && SampleSize.undersampled(row.metrics(), SloMetric.P99.column()))
                .count();
    }

    private static String worst(CurvePoint p, SloMetric metric) {
        return Columns.format(p.judgement().worst(metric));
    }
}
