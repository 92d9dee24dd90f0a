package org.overbook.guest;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A plug-in's parameters as the scenario gives them ({@code params:} beside a workload's or a policy's name), read
 * through typed accessors that validate and name the field in every error
 * ({@code host.reclaim.victim-selection.params.handspread: ...}). Workloads read theirs through the subclass
 * {@link WorkloadParameters}, which adds what only a workload needs (the memory of its guest).
 *
 * <p>Each accessor records the key it read; after the factory has run, the registry calls
 * {@link #rejectUnread()} so that a misspelt parameter, or one given to a factory that reads none, is an error,
 * never silently ignored. A factory that reads a parameter only in some configurations (one that matters in one mode
 * alone) declares it with {@link #accepts(String...)}: given and left unread, it is then no error.
 *
 * <p>An accessor with a default returns it when the scenario leaves the parameter out; the {@code require} forms
 * ({@link #requireBytes}, {@link #requireString}, ...) have none, and a parameter left out is an error naming it
 * ({@code clients[0].workload.params.target: missing; expected the memcached tenant's name}).
 *
 * <p>A YAML list arrives as a {@link List}: {@link #string} reads it comma-separated (a load generator's
 * {@code targets: [s0, s1]}), and every accessor of one value refuses it, showing it as it was written
 * ({@code a list [1, 2] was given where one value is accepted}); a section ({@link Map}) likewise.
 */
public sealed class Parameters permits WorkloadParameters {

    private static final String SIZE = "one size such as 4096 or 64KiB";
    private static final String DURATION = "one duration such as 200ms or 60us";
    private static final String RATE = "one rate such as 20000/s, 200k/s or 1.5M/s";

    private final String path;
    private final Map<String, Object> values;
    private final Set<String> read = new TreeSet<>();
    private final Set<String> accepted = new TreeSet<>();

    /**
     * @param path   where these parameters sit in the scenario ({@code nic.memory-policy.params}), for error messages
     * @param values the raw values: numbers, strings with units, booleans, and lists of those
     */
    public Parameters(String path, Map<String, ?> values) {
        this.path = path;
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** Returns parameters with no values, so every accessor returns its default. */
    public static Parameters empty(String path) {
        return new Parameters(path, Map.of());
    }

    /**
     * Returns these parameters again, none of them read yet, those declared with {@link #accepts} still declared: what a
     * further factory reads, so that {@link #rejectUnread()} then judges what that factory read alone (the same
     * parameters handed to two hosts, say). A workload's come back as plain parameters, without their guest's memory.
     */
    public Parameters unread() {
        Parameters copy = new Parameters(path, values);
        copy.accepted.addAll(accepted);
        return copy;
    }

    /** Returns the scenario path of a parameter, for messages. */
    public String field(String key) {
        return path + "." + key;
    }

    /** Returns a whole number in {@code [min, max]}. */
    public long integer(String key, long defaultValue, long min, long max) {
        Object raw = single(key, "one whole number from " + min + " to " + max);
        long value;
        if (raw == null) {
            value = defaultValue;
        } else if (raw instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())) {
            value = n.longValue();
        } else {
            throw new ConfigurationException(field(key), "'" + raw + "' is not a whole number");
        }
        return inRange(key, value, min, max);
    }

    /** Returns a number in {@code [min, max]}. */
    public double real(String key, double defaultValue, double min, double max) {
        Object raw = single(key, "one number from " + min + " to " + max);
        double value;
        if (raw == null) {
            value = defaultValue;
        } else if (raw instanceof Number n) {
            value = n.doubleValue();
        } else {
            throw new ConfigurationException(field(key), "'" + raw + "' is not a number");
        }
        if (!(value >= min && value <= max)) {
            throw new ConfigurationException(field(key), value + " is out of range; accepted: " + min + " to " + max);
        }
        return value;
    }

    /** Returns a size in bytes in {@code [min, max]}; accepts {@code 4096} or {@code 4KiB}, never a fraction of a byte. */
    public long bytes(String key, long defaultValue, long min, long max) {
        Object raw = single(key, SIZE);
        long value = raw == null ? defaultValue
                : raw instanceof Number number ? Units.bytesOf(field(key), number) : Units.bytes(field(key), raw.toString());
        return inRange(key, value, min, max, raw, "bytes");
    }

    /**
     * Returns a duration in nanoseconds in {@code [min, max]}; accepts {@code 200ms}, {@code 60us} or {@code 0}, but no
     * other bare number ({@code 100} would be 100 ns, rarely what was meant).
     */
    public long nanos(String key, long defaultValue, long min, long max) {
        Object raw = single(key, DURATION);
        long value = raw == null ? defaultValue
                : raw instanceof Number number ? Units.nanosOf(field(key), number) : Units.nanos(field(key), raw.toString());
        return inRange(key, value, min, max, raw, "ns");
    }

    /**
     * Returns a rate in events (requests, operations) a second in {@code [min, max]}; accepts {@code 20000},
     * {@code 20000/s}, {@code 200k/s} or {@code 1.5M/s} ({@code k}, {@code M}, {@code G}: thousands, millions, billions).
     */
    public double rate(String key, double defaultValue, double min, double max) {
        Object raw = single(key, RATE);
        double value = raw == null ? defaultValue
                : raw instanceof Number number ? Units.perSecondOf(field(key), number) : Units.perSecond(field(key), raw.toString());
        if (!(value >= min && value <= max)) {
            throw new ConfigurationException(field(key), givenRate(raw, value) + " is out of range; accepted: " + perSecond(min)
                    + " to " + perSecond(max));
        }
        return value;
    }

    /**
     * Returns a rate as an error gives it: as written and converted ({@code '300k/s' (300000/s)}), as a size's or a
     * duration's is, or once when the two are the same ({@code 300000/s} for {@code 300000/s} or {@code 300000}).
     */
    private static String givenRate(Object raw, double value) {
        String converted = perSecond(value);
        String written = raw == null ? "" : quantity(raw).strip();
        return written.isEmpty() || converted.equals(written) || converted.equals(written + "/s") ? converted
                : "'" + written + "' (" + converted + ")";
    }

    /** Returns a whole number in {@code [min, max]} that the scenario must give. */
    public long requireInteger(String key, long min, long max) {
        present(key, "one whole number from " + min + " to " + max);
        return integer(key, min, min, max);
    }

    /** Returns a number in {@code [min, max]} that the scenario must give. */
    public double requireReal(String key, double min, double max) {
        present(key, "one number from " + min + " to " + max);
        return real(key, min, min, max);
    }

    /** Returns a size in bytes in {@code [min, max]} that the scenario must give, as {@link #bytes} reads it. */
    public long requireBytes(String key, long min, long max) {
        present(key, SIZE);
        return bytes(key, min, min, max);
    }

    /** Returns a duration in nanoseconds in {@code [min, max]} that the scenario must give, as {@link #nanos} reads it. */
    public long requireNanos(String key, long min, long max) {
        present(key, DURATION);
        return nanos(key, min, min, max);
    }

    /** Returns a rate in events a second in {@code [min, max]} that the scenario must give, as {@link #rate} reads it. */
    public double requireRate(String key, double min, double max) {
        present(key, RATE);
        return rate(key, min, min, max);
    }

    /** Returns one of {@code accepted}, which the scenario must give. */
    public String requireChoice(String key, String... accepted) {
        present(key, "one of " + String.join(", ", accepted));
        return choice(key, null, accepted);
    }

    /**
     * Returns text (a list's items comma-separated, as {@link #string} reads them) that the scenario must give, and not
     * blank.
     *
     * @param expected what the text is, for the error when it is missing ({@code "the memcached tenant's name"})
     */
    public String requireString(String key, String expected) {
        String value = string(key, null);
        if (value == null || value.isBlank()) {
            throw new ConfigurationException(field(key), (value == null ? "missing" : "blank") + "; expected " + expected);
        }
        return value;
    }

    /** Returns a true/false flag. */
    public boolean flag(String key, boolean defaultValue) {
        Object raw = single(key, "true or false");
        if (raw == null) {
            return defaultValue;
        }
        if (raw instanceof Boolean b) {
            return b;
        }
        throw new ConfigurationException(field(key), "'" + raw + "' is not true or false");
    }

    /** Returns one of {@code accepted}. */
    public String choice(String key, String defaultValue, String... accepted) {
        Object raw = single(key, "one of " + String.join(", ", accepted));
        String value = raw == null ? defaultValue : raw.toString();
        for (String a : accepted) {
            if (a.equals(value)) {
                return value;
            }
        }
        throw new ConfigurationException(field(key), "unknown value " + Quoted.of(value) + "; accepted: "
                + String.join(", ", accepted));
    }

    /** Returns free text; a list's items comma-separated ({@code [s0, s1]} reads {@code s0,s1}). */
    public String string(String key, String defaultValue) {
        Object raw = take(key);
        if (raw instanceof Map<?, ?>) {
            throw new ConfigurationException(field(key), "a section " + yaml(raw) + " was given where text is accepted;"
                    + " accepted: text, or a list of values");
        }
        if (raw instanceof List<?> list) {
            return String.join(",", list.stream().map(String::valueOf).toList());
        }
        return raw == null ? defaultValue : raw.toString();
    }

    /**
     * Declares {@code keys} parameters the factory accepts whether or not it reads them: one it reads only in some
     * configurations ({@code burst} when {@code mode} is {@code bursty}, say). Given and left unread, such a parameter is
     * no error; a parameter neither read nor declared still is, and the error lists the declared ones among those
     * accepted.
     */
    public void accepts(String... keys) {
        accepted.addAll(List.of(keys));
    }

    /** Fails naming the first key that no accessor has read and {@link #accepts} does not declare, with the keys accepted. */
    public void rejectUnread() {
        Set<String> known = new TreeSet<>(read);
        known.addAll(accepted);
        Set<String> unknown = new TreeSet<>(values.keySet());
        unknown.removeAll(known);
        if (!unknown.isEmpty()) {
            String first = unknown.iterator().next();
            throw new ConfigurationException(field(first), "unknown parameter; accepted: "
                    + (known.isEmpty() ? "none" : String.join(", ", known)) + Suggestions.didYouMean(first, known));
        }
    }

    /** Returns a quantity as an out-of-range error quotes it: a number in plain digits ({@code 1e7} as {@code 10000000}), or the text. */
    private static String quantity(Object raw) {
        boolean fraction = raw instanceof Double || raw instanceof Float;
        return fraction && Double.isFinite(((Number) raw).doubleValue()) ? new BigDecimal(raw.toString()).toPlainString() : raw.toString();
    }

    /** Returns the value of {@code key} where one value is accepted; a list or a section is refused, as written. */
    private Object single(String key, String accepted) {
        Object raw = take(key);
        if (raw instanceof List<?> || raw instanceof Map<?, ?>) {
            throw new ConfigurationException(field(key), (raw instanceof List<?> ? "a list " : "a section ") + yaml(raw)
                    + " was given where one value is accepted; accepted: " + accepted);
        }
        return raw;
    }

    /** Spells a value as YAML's flow style writes it: {@code [1, 2]}, {@code {a: 1}}, text as it is. */
    private static String yaml(Object value) {
        if (value instanceof List<?> list) {
            return "[" + String.join(", ", list.stream().map(Parameters::yaml).toList()) + "]";
        }
        if (value instanceof Map<?, ?> map) {
            return "{" + String.join(", ", map.entrySet().stream().map(e -> e.getKey() + ": " + yaml(e.getValue())).toList()) + "}";
        }
        return String.valueOf(value);
    }

    /** Fails, naming the parameter and {@code expected}, unless the scenario gives {@code key} a value. */
    private void present(String key, String expected) {
        if (take(key) == null) {
            throw new ConfigurationException(field(key), "missing; expected " + expected);
        }
    }

    /** Spells a rate in events a second as a scenario may write it: {@code 20000/s}, {@code 0.5/s}. */
    private static String perSecond(double value) {
        return (Double.isFinite(value) ? new BigDecimal(Double.toString(value)).stripTrailingZeros().toPlainString()
                : Double.toString(value)) + "/s";
    }

    private Object take(String key) {
        read.add(key);
        return values.get(key);
    }

    private long inRange(String key, long value, long min, long max) {
        if (value < min || value > max) {
            throw new ConfigurationException(field(key), value + " is out of range; accepted: " + min + " to " + max);
        }
        return value;
    }

    /**
     * Returns a quantity in {@code [min, max]} of {@code unit}, the unit it was converted to; out of range, the error gives
     * it as written and in that unit ({@code '2MiB' (2097152 bytes)}), and the bounds in that unit, which the reader
     * would otherwise have to guess.
     */
    private long inRange(String key, long value, long min, long max, Object raw, String unit) {
        if (value < min || value > max) {
            String written = raw == null ? "" : quantity(raw).strip();
            String given = written.isEmpty() || written.equals(String.valueOf(value)) ? String.valueOf(value)
                    : "'" + written + "' (" + value + " " + unit + ")";
            throw new ConfigurationException(field(key), given + " is out of range; accepted: " + min + " to " + max + " " + unit);
        }
        return value;
    }
}
