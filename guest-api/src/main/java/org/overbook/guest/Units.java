package org.overbook.guest;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses quantities written with units, as scenario files write them: sizes ({@code 4KiB},
 * {@code 2GiB}, {@code 512MB}), durations ({@code 200ms}, {@code 60us}, {@code 1.5s}) and rates
 * ({@code 56Gbps}). A bare number is taken in the base unit (bytes, nanoseconds, bits per second).
 */
public final class Units {

    private static final Pattern QUANTITY = Pattern.compile("\\s*([0-9]+(?:\\.[0-9]+)?)\\s*([A-Za-zµ/]*)\\s*");

    private Units() {
    }

    /** Returns a size as a scenario writes it: the largest binary unit that divides it ({@code 240MiB}, {@code 4097B}). */
    public static String bytes(long bytes) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        int unit = 0;
        long value = bytes;
        while (unit < units.length - 1 && value >= 1024 && value % 1024 == 0) {
            value /= 1024;
            unit++;
        }
        return value + units[unit];
    }

    /** Parses a size into bytes; {@code field} names the field in the error message. */
    public static long bytes(String field, String text) {
        return parse(field, text, "a size such as 4096, 64KiB, 4GiB or 1.5MB", unit -> switch (unit) {
            case "", "b" -> 1L;
            case "kb" -> 1_000L;
            case "mb" -> 1_000_000L;
            case "gb" -> 1_000_000_000L;
            case "tb" -> 1_000_000_000_000L;
            case "k", "kib" -> 1L << 10;
            case "m", "mib" -> 1L << 20;
            case "g", "gib" -> 1L << 30;
            case "t", "tib" -> 1L << 40;
            default -> -1L;
        });
    }

    /** Parses a duration into nanoseconds; {@code field} names the field in the error message. */
    public static long nanos(String field, String text) {
        return parse(field, text, "a duration such as 500ns, 60us, 200ms or 2s", unit -> switch (unit) {
            case "", "ns" -> 1L;
            case "us", "µs" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            case "min" -> 60_000_000_000L;
            default -> -1L;
        });
    }

    /** Parses a rate into bits per second; {@code field} names the field in the error message. */
    public static long bitsPerSecond(String field, String text) {
        return parse(field, text, "a rate such as 10Gbps, 56Gbps or 100Mbps", unit -> switch (unit) {
            case "", "bps" -> 1L;
            case "kbps" -> 1_000L;
            case "mbps" -> 1_000_000L;
            case "gbps" -> 1_000_000_000L;
            default -> -1L;
        });
    }

    private interface UnitTable {
        long multiplier(String lowerCaseUnit);
    }

    private static long parse(String field, String text, String accepted, UnitTable units) {
        if (text == null) {
            throw new ConfigurationException(field, "missing; expected " + accepted);
        }
        Matcher m = QUANTITY.matcher(text);
        if (!m.matches()) {
            throw new ConfigurationException(field, "'" + text + "' is not " + accepted);
        }
        long multiplier = units.multiplier(m.group(2).toLowerCase(Locale.ROOT));
        if (multiplier < 0) {
            throw new ConfigurationException(field, "unknown unit '" + m.group(2) + "' in '" + text + "'; expected " + accepted);
        }
        double value = Double.parseDouble(m.group(1)) * multiplier;
        if (value >= Long.MAX_VALUE) {
            throw new ConfigurationException(field, "'" + text + "' is too large");
        }
        return Math.round(value);
    }
}
