package org.overbook.perf.density;

import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.Units;

/**
 * One bound of an objective, as {@code --slo METRIC=VALUE} writes it: {@code p99=500us} (every tenant's p99
 * latency at most 500 µs) or {@code ops=50k} (every tenant's throughput at least 50,000 operations per second).
 *
 * @param metric  what is bounded
 * @param limit   the bound: virtual nanoseconds for a latency, operations per second for a throughput
 * @param written the value as the option wrote it ({@code 500us}), to print back
 */
public record Bound(SloMetric metric, double limit, String written) {

    /** The option every error names. */
    static final String OPTION = "--slo";

    private static final Pattern OPS = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)([kKmMgG]?)");

    public Bound {
        Objects.requireNonNull(metric, "metric");
        Objects.requireNonNull(written, "written");
    }

    /**
     * Parses {@code METRIC=VALUE}.
     *
     * @throws ConfigurationException naming {@code --slo} (or {@code --slo p99} for a bad value), the text and
     *                                what is accepted
     */
    static Bound parse(String text) {
        int equals = text.indexOf('=');
        if (equals < 0) {
            throw new ConfigurationException(OPTION, "'" + text + "' is not METRIC=VALUE; accepted: " + SloMetric.accepted());
        }
        String key = text.substring(0, equals).strip().toLowerCase(Locale.ROOT);
        String value = text.substring(equals + 1).strip();
        SloMetric metric = SloMetric.of(key);
        if (metric == null) {
            throw new ConfigurationException(OPTION, "unknown metric '" + text.substring(0, equals).strip() + "' in '" + text
                    + "'; accepted: " + SloMetric.accepted());
        }
        String field = OPTION + " " + metric.key();
        double limit = metric.latency() ? Units.nanos(field, value) : throughput(field, value);
        if (limit <= 0) {
            throw new ConfigurationException(field, "'" + value + "' is zero; accepted: a positive "
                    + (metric.latency() ? "latency such as 500us or 2ms" : "throughput such as 50k or 1.5M"));
        }
        return new Bound(metric, limit, value);
    }

    /** Parses operations per second: {@code 50000}, {@code 50k}, {@code 1.5M}. */
    private static double throughput(String field, String value) {
        Matcher m = OPS.matcher(value);
        if (!m.matches()) {
            throw new ConfigurationException(field, "'" + value + "' is not a throughput; accepted: operations per second "
                    + "such as 50000, 50k or 1.5M (k, M, G: thousands, millions, billions)");
        }
        double multiplier = switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "k" -> 1e3;
            case "m" -> 1e6;
            case "g" -> 1e9;
            default -> 1;
        };
        return Double.parseDouble(m.group(1)) * multiplier;
    }

    /** Returns whether {@code value} of a tenant is within this bound. */
    public boolean holds(double value) {
        return metric.within(value, limit);
    }

    /** Returns the bound as people read it: {@code p99 <= 500us}, {@code ops >= 50k}. */
    @Override
    public String toString() {
        return metric.key() + (metric.latency() ? " <= " : " >= ") + written;
    }
}
