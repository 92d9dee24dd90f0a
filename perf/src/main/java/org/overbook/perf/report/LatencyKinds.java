package org.overbook.perf.report;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SequencedMap;
import java.util.SequencedSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.SampleSize;
import org.overbook.perf.run.TenantRow;

/**
 * What a point's latency histograms measure, kind by kind: a load generator's requests ({@code requests}), or an
 * RDMA benchmark's messages of one size ({@code 8B}, {@code 4194304B}). A percentile means something over requests
 * of one kind only: an 8 B write and a 4 MiB one are different distributions, and merged into one, the larger
 * decides the tail (NetVM's preset: a total p99 of about 5 ms, a 4 MiB stream message, over ping-pong writes of
 * 4 µs). So the report leaves blank the merged percentiles of a tenant or total whose histograms are of several
 * kinds ({@link #mixed}), gives each kind's own ({@link #table}), and the charts draw kinds apart.
 *
 * <p>A histogram's key is {@code <tenant>/<kind>} ({@code lat-client/4096B}); histograms of one kind merge across
 * tenants (every client's requests), as the total does for a point whose tenants all measure requests.
 */
final class LatencyKinds {

    private static final Pattern SIZE = Pattern.compile("(\\d+)B");
    /** Kinds in order: message sizes smallest first, then any other kind by name. */
    static final Comparator<String> ORDER = Comparator.comparingLong(LatencyKinds::size).thenComparing(Comparator.naturalOrder());

    private LatencyKinds() {
    }

    /** Returns the kind of the histogram {@code key}: {@code 4096B} of {@code lat-client/4096B}. */
    static String kind(String key) {
        return key.substring(key.lastIndexOf('/') + 1);
    }

    /** Returns the kinds of {@code tenant}'s histograms in {@code result}, in {@link #ORDER}. */
    static SequencedSet<String> of(RunResult result, String tenant) {
        return kinds(result.histogramKeys().stream().filter(k -> k.startsWith(tenant + "/")).toList());
    }

    /** Returns the kinds of every histogram of {@code result}, in {@link #ORDER}. */
    static SequencedSet<String> of(RunResult result) {
        return kinds(List.copyOf(result.histogramKeys()));
    }

    /** Returns whether {@code result}'s histograms are of several kinds, so that its total's percentiles merge them. */
    static boolean mixed(RunResult result) {
        return of(result).size() > 1;
    }

    /** Returns whether {@code tenant}'s histograms are of several kinds, so that its percentiles merge them. */
    static boolean mixed(RunResult result, String tenant) {
        return of(result, tenant).size() > 1;
    }

    private static long size(String kind) {
        Matcher m = SIZE.matcher(kind);
        return m.matches() ? Long.parseLong(m.group(1)) : Long.MAX_VALUE;
    }

    private static SequencedSet<String> kinds(List<String> keys) {
        SequencedSet<String> out = new LinkedHashSet<>();
        keys.stream().map(LatencyKinds::kind).sorted(ORDER).forEach(out::add);
        return out;
    }

    /** Returns {@code result}'s histograms merged kind by kind (across tenants), in {@link #ORDER}. */
    static SequencedMap<String, Histogram> byKind(RunResult result) {
        SequencedMap<String, Histogram> out = new LinkedHashMap<>();
        for (String kind : of(result)) {
            Histogram merged = null;
            for (Map.Entry<String, Histogram> e : result.histograms().entrySet()) {
                if (kind(e.getKey()).equals(kind)) {
                    merged = merged == null ? new Histogram(e.getValue().getNumberOfSignificantValueDigits()) : merged;
                    merged.add(e.getValue());
                }
            }
            out.put(kind, merged);
        }
        return out;
    }

    /**
     * Returns the report.md paragraph and table of {@code result}'s latency kind by kind, one row per tenant and kind
     * (µs), or an empty string when its histograms are of one kind and the point's table already says it all.
     */
    static String table(RunResult result) {
        if (!mixed(result)) {
            return "";
        }
        StringBuilder out = new StringBuilder("**Latency by kind** (message size, or `requests`): the table above leaves "
                + "p50 and p99 blank where they would merge kinds of request, since kinds as far apart as an 8 B write and a "
                + "4 MiB one are different distributions and the slowest would decide the tail.\n\n");
        out.append("| tenant | kind | measured | mean (µs) | p50 (µs) | p99 (µs) | max (µs) |\n");
        out.append("|---|---|---:|---:|---:|---:|---:|\n");
        long needed = SampleSize.needed(99);
        boolean undersampled = false;
        for (TenantRow row : result.tenants()) {
            for (String kind : of(result, row.name())) {
                Histogram h = result.histograms().get(row.name() + "/" + kind);
                boolean any = h.getTotalCount() > 0;
                boolean thin = any && h.getTotalCount() < needed;
                undersampled |= thin;
                out.append(String.format(Locale.ROOT, "| %s | %s | %d | %s | %s | %s | %s |%n", row.name(), kind, h.getTotalCount(),
                        any ? micros(h.getMean()) : "", any ? micros(h.getValueAtPercentile(50)) : "",
                        any ? micros(h.getValueAtPercentile(99)) + (thin ? " *" : "") : "", any ? micros(h.getMaxValue()) : ""));
            }
        }
        out.append('\n');
        if (undersampled) {
            out.append("\\* from fewer than ").append(needed).append(" measured: fewer than ").append(SampleSize.TAIL_SAMPLES)
                    .append(" above the p99, so one moves it.\n\n");
        }
        return out.toString();
    }

    private static String micros(double nanos) {
        return String.format(Locale.ROOT, "%.1f", nanos / 1e3);
    }
}
