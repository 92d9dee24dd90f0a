package org.overbook.perf.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.overbook.perf.density.Bound;
import org.overbook.perf.density.CurvePoint;
import org.overbook.perf.density.DensityCurve;
import org.overbook.perf.density.SloMetric;
import org.overbook.perf.run.Saturation;

/**
 * The terminal view of a density search: a line per probe as it is judged, then the curve in order of tenants,
 * each row ending with what saturated at that probe.
 */
final class DensityTable {

    private DensityTable() {
    }

    /** Prints one probe as the search consults it. */
    static void probe(PrintWriter out, CurvePoint p, SloMetric primary) {
        out.printf(Locale.ROOT, "probe %d: %d tenant%s, %.2fx overcommit: %s%n", p.step(), p.tenants(), p.tenants() == 1 ? "" : "s",
                p.overcommit(), p.meets() ? "meets (worst " + primary.key() + " " + format(p, primary) + ")"
                        : p.judgement().verdict() + " (" + p.judgement().reason() + ")");
        for (String retry : p.retries()) {
            out.printf(Locale.ROOT, "  re-run by --auto-window: %s%n", retry);
        }
        out.flush();
    }

    /** Prints the curve: a row per probe in order of tenants, the worst p99 and every bounded figure. */
    static void print(PrintWriter out, DensityCurve curve) {
        List<SloMetric> shown = new ArrayList<>(List.of(SloMetric.P99));
        curve.objective().bounds().stream().map(Bound::metric).filter(m -> !shown.contains(m)).forEach(shown::add);
        StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "%n%7s %4s %10s", "tenants", "step", "overcommit"));
        shown.forEach(m -> header.append(String.format(Locale.ROOT, " %14s", m.latency() ? "worst " + m.key() + " us" : "min ops/s")));
        header.append(String.format(Locale.ROOT, " %12s  %-12s %s", "total ops/s", "verdict", "failed by"));
        if (curve.objective().confidence() > 0) {
            out.printf(Locale.ROOT, "%nworst figures: the far end of each tenant's confidence interval over the replications (%s)%n",
                    curve.objective());
        }
        out.println(header);
        for (CurvePoint p : curve.points()) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%7d %4d %9.2fx", p.tenants(), p.step(), p.overcommit()));
            shown.forEach(m -> row.append(String.format(Locale.ROOT, " %14s", number(p, m))));
            row.append(String.format(Locale.ROOT, " %12.0f  %-12s %s", p.totalThroughput(), p.judgement().verdict(),
                    p.judgement().reason()));
            List<String> notes = new ArrayList<>();
            if (!p.retries().isEmpty()) {
                notes.add("auto-window: " + String.join(", then ", p.retries()));
            }
            Saturation verdict = Saturation.of(p.timed().result().resources());
            if (verdict.status() != Saturation.Status.UNMODELLED) {
                notes.add("saturated: " + verdict.brief());
            }
            if (!notes.isEmpty()) {
                row.append(p.judgement().reason().isEmpty() ? "" : "; ").append(String.join("; ", notes));
            }
            out.println(row.toString().stripTrailing());
        }
        out.flush();
    }

    private static String format(CurvePoint p, SloMetric metric) {
        double v = p.judgement().worst(metric);
        return Double.isFinite(v) ? metric.format(v) : "-";
    }

    private static String number(CurvePoint p, SloMetric metric) {
        double v = p.judgement().worst(metric);
        if (!Double.isFinite(v)) {
            return "-";
        }
        return metric.latency() ? String.format(Locale.ROOT, "%.1f", v / 1e3) : String.format(Locale.ROOT, "%.0f", v);
    }
}
