package org.overbook.perf.report;

import java.util.List;
import java.util.Locale;
import org.overbook.perf.density.Bound;
import org.overbook.perf.density.CurvePoint;
import org.overbook.perf.density.DensityCurve;
import org.overbook.perf.density.SloMetric;
import org.overbook.perf.run.Saturation;

/** The {@code report.md} of a density search: the answer, the question and the method in words, the curve. */
final class DensityReport {

    private final DensityCurve curve;
    private final List<String> charts;
    private final String chartFailure;

    DensityReport(DensityCurve curve, List<String> charts, String chartFailure) {
        this.curve = curve;
        this.charts = charts;
        this.chartFailure = chartFailure;
    }

    /**
     * Returns the line that opens the report of a search not over yet, saying how far it got:
     * {@code **INCOMPLETE: 4 probes judged; this density search was interrupted, ended by a failure or is still going.**}.
     */
    static String unfinished(String howFar) {
        return "**INCOMPLETE: " + howFar + "; this density search was interrupted, ended by a failure or is still going.**\n";
    }

    /**
     * Returns the line that opens the report of a search a failed probe ended, naming it:
     * {@code **INCOMPLETE: 4 probes judged; the probe of 8 tenants failed, which ended this density search.**}.
     */
    static String endedBy(String howFar, String failure) {
        return "**INCOMPLETE: " + howFar + "; " + failure + ", which ended this density search.**\n";
    }

    String markdown() {
        StringBuilder out = new StringBuilder();
        if (!curve.complete()) {
            int judged = curve.points().size();
            String howFar = judged + (judged == 1 ? " probe" : " probes") + " judged";
            out.append(curve.failure().isEmpty() ? unfinished(howFar) : endedBy(howFar, curve.failure())).append('\n');
        }
        out.append("# Overbook density: ").append(curve.source()).append("\n\n");
        out.append("**Answer: ").append(curve.answer()).append(".**\n\n");
        out.append(cause(curve.cause())).append("\n\n");
        out.append("The question: the most tenants the host holds while every tenant meets `").append(curve.objective())
                .append("`. The search sets `").append(curve.axis()).append("` from ").append(curve.bracket().min())
                .append(" to ").append(curve.bracket().max()).append(" (`--min`, `--max`); everything else, the host's RAM")
                .append(" above all, stays as the file says, so more tenants are more overcommit.\n\n");
        out.append("Meeting the objective: no data mismatch, and every tenant that records latency (the clients, each")
                .append(" standing for the tenant it loads) completed a request in the measured window and is within every")
                .append(" bound: latency percentiles at most, throughput at least.")
                .append(curve.objective().confidence() > 0 ? " Over the replications, each tenant is judged on the far end of"
                        + " its figure's two-sided confidence interval (Student t): the upper bound for a latency, the lower for"
                        + " a throughput (`" + curve.objective() + "`)." : "").append("\n\n");
        out.append("A probe is *not measured*, never scored, when a load generator was still in its load phase when the")
                .append(" measured window opened, or when a bounded percentile of some tenant rests on too few requests (a p99")
                .append(" from fewer than 1,000, a p50 from fewer than 20, a p999 from fewer than 10,000: fewer than ten")
                .append(" requests above it); a tenant whose well-sampled figure breaks a bound still fails the probe. A probe")
                .append(" not measured does not meet the objective, so the answer never rests on one. `--auto-window` re-runs")
                .append(" such a probe with a longer warm-up (1.25x the latest end of a load phase) or window (1.25x what the")
                .append(" p99 lacked), at most 4x per step, 3 times and 16x the file's run length.\n\n");
        out.append(String.format(Locale.ROOT, "The search: doubling from %d until a probe fails or %d passes, then bisection"
                        + " between the last pass and the first fail; %d probes%s. It assumes monotonicity: that a host failing n"
                        + " tenants fails more.%n%n", curve.bracket().min(), curve.bracket().max(), curve.points().size(),
                curve.complete() ? "" : " so far, and it had not finished"));
        // no word of the speculative probes' contradictions (the command prints them): which speculative probes finish
        // before the search rules them out depends on the machine's timing, and the folder must not
        if (!chartFailure.isEmpty()) {
            out.append("(Charts could not be drawn: ").append(chartFailure).append(")\n\n");
        }
        for (String chart : charts) {
            out.append("![").append(chart).append("](").append(chart).append(")\n\n");
        }
        out.append("## The curve\n\n");
        List<Bound> others = curve.objective().bounds().stream().filter(b -> b.metric() != SloMetric.P99).toList();
        out.append("| step | tenants | overcommit | worst p99 (µs) |");
        others.forEach(b -> out.append(' ').append(header(b.metric())).append(" |"));
        out.append(" total ops/s | verdict | failed by | p99 under-sampled | saturated first |\n|---:|---:|---:|---:|");
        others.forEach(b -> out.append("---:|"));
        out.append("---:|---|---|---:|---|\n");
        for (CurvePoint p : curve.points()) {
            out.append(String.format(Locale.ROOT, "| %d | %d | %.2fx | %s |", p.step(), p.tenants(), p.overcommit(),
                    value(p, SloMetric.P99)));
            others.forEach(b -> out.append(' ').append(value(p, b.metric())).append(" |"));
            out.append(String.format(Locale.ROOT, " %.0f | %s | %s | %d | %s |%n", p.totalThroughput(), p.judgement().verdict(),
                    p.judgement().reason(), DensityWriter.undersampled(p), Saturation.of(p.timed().result().resources()).brief()));
        }
        out.append("\nStep is the order in which the search asked for each probe. ")
                .append("p99 under-sampled: how many tenants' p99 rests on fewer than 1,000 requests.\n\n");
        for (CurvePoint p : curve.points()) {
            if (!p.retries().isEmpty()) {
                out.append(String.format(Locale.ROOT, "- %d tenants, re-run by `--auto-window`: %s.%n", p.tenants(),
                        String.join("; then ", p.retries())));
            }
        }
        if (curve.points().stream().anyMatch(p -> !p.retries().isEmpty())) {
            out.append('\n');
        }
        out.append(saturation());
        if (!curve.points().isEmpty()) {
            out.append("At ").append(curve.points().getFirst().tenants()).append(" tenant(s): ")
                    .append(Report.words(curve.points().getFirst().timed().result().scenario())).append("\n\n");
        }
        out.append("Files: `density.csv` (the curve), [`").append(DensityWriter.PROBES).append("/`](").append(DensityWriter.PROBES)
                .append("/").append(ResultsWriter.REPORT).append(") (every probe's own results folder: `summary.csv`, `summary.json`,")
                .append(" `.hgrm` latency files, one point per probe in order of tenants).\n");
        int replications = curve.points().isEmpty() ? 1 : curve.points().getFirst().runs().size();
        if (replications > 1) {
            out.append(String.format(Locale.ROOT, "%nEach probe ran %d replications: as in a replicated `run`, `%s` and `%s` hold"
                    + " every replication's figures (told apart by the seed) and each probe's mean and 95 %% interval; the"
                    + " other files show replication 0, the scenario's own seed.%n", replications, ResultsWriter.SUMMARY_CSV,
                    ResultsWriter.SUMMARY_JSON));
        }
        return out.toString();
    }

    /** Says, in order of tenants, at which probe a resource first saturated, with the rules. */
    private String saturation() {
        List<CurvePoint> byTenants = curve.points().stream().sorted(java.util.Comparator.comparingInt(CurvePoint::tenants))
                .toList();
        if (byTenants.stream().allMatch(p -> p.timed().result().resources().resources() == 0)) {
            return "";
        }
        StringBuilder out = new StringBuilder("**What saturated.** ");
        CurvePoint busiest = null;
        for (CurvePoint p : byTenants) {
            Saturation verdict = Saturation.of(p.timed().result().resources());
            if (verdict.saturated()) {
                out.append(String.format(Locale.ROOT, "In order of tenants, the first probe to saturate a resource has %d"
                        + " tenant(s). There, %s", p.tenants(), verdict.sentence().replace("**The", "**the")));
                busiest = p;
                break;
            }
        }
        if (busiest == null) {
            out.append("No probe saturated a resource. At the most tenants probed (").append(byTenants.getLast().tenants())
                    .append("): ").append(Saturation.of(byTenants.getLast().timed().result().resources()).sentence());
        }
        return out.append("\n\n").append(SaturationReport.rules(byTenants.stream().map(p -> p.timed().result()).toList()))
                .toString();
    }

    /** Returns {@code Cause: KIND: what happened} as {@code **Cause: KIND.** What happened}. */
    static String cause(String cause) {
        int colon = cause.indexOf(": ", "Cause: ".length());
        String rest = cause.substring(colon + 2);
        return "**" + cause.substring(0, colon) + ".** " + Character.toUpperCase(rest.charAt(0)) + rest.substring(1);
    }

    static String header(SloMetric metric) {
        return metric.latency() ? "worst " + metric.key() + " (µs)" : "lowest tenant ops/s";
    }

    static String value(CurvePoint p, SloMetric metric) {
        double v = p.judgement().worst(metric);
        if (!Double.isFinite(v)) {
            return "-";
        }
        return metric.latency() ? String.format(Locale.ROOT, "%.1f", v / 1e3) : String.format(Locale.ROOT, "%.0f", v);
    }
}
