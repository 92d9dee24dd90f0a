package org.overbook.guest;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses quantities written with units, as scenario files write them: sizes ({@code 4KiB},
 * {@code 2GiB}, {@code 512MB}), durations ({@code 200ms}, {@code 60us}, {@code 1.5s}), bit rates
 * ({@code 56Gbps}) and rates of events ({@code 20000/s}, {@code 200k/s}). A bare number is a size in bytes, or
 * events per second ({@code rate: 20000}, as the built-in load generators read it); a duration or a bit rate needs
 * its unit unless it is 0, since {@code duration: 10} would be 10 ns, never what was meant. A size is a whole number
 * of bytes, and a bit rate is in bits per second: {@code 7GBps} (bytes) is refused rather than read as {@code 7Gbps}.
 */
public final class Units {

    private static final Pattern QUANTITY = Pattern.compile("\\s*([0-9]+(?:\\.[0-9]+)?)\\s*([A-Za-zµ/]*)\\s*");
    /** A size's unit in bits: an upper-case prefix, then a lower-case b ({@code Mb}, {@code Gib}, {@code KIb}). */
    private static final Pattern BITS = Pattern.compile("[KMGT][iI]?b");
    /** A quantity written with a minus sign: no size, duration or rate is negative. */
    private static final Pattern NEGATIVE = Pattern.compile("\\s*-\\s*" + QUANTITY.pattern());
    /** The first quantity too large for a {@code long}. */
    private static final BigDecimal TWO_TO_THE_63 = BigDecimal.valueOf(2).pow(63);
    /** Digits of the largest {@code long}: a whole part with more (leading zeros aside) is too large whatever the unit. */
    private static final int MAX_WHOLE_DIGITS = 19;
    /**
     * Decimals a quantity may have (trailing zeros aside): a size of whole bytes has at most 40, as its largest unit is
     * 2^40 bytes, and a duration or a rate is rounded to a whole nanosecond or bit per second. The bound keeps a number
     * of a million digits from costing {@link BigDecimal} minutes of arithmetic.
     */
    private static final int MAX_DECIMALS = 40;

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
        return bytes(field, text, text == null ? null : text.strip());
    }

    /**
     * Parses a size given as a number (a YAML number, in bytes): an error quotes it as YAML reads it ({@code 1.0E308}),
     * not in the digits it is read in.
     */
    public static long bytesOf(String field, Number number) {
        return bytes(field, digits(number), number.toString());
    }

    private static long bytes(String field, String text, String written) {
        String accepted = "a size such as 4096, 64KiB, 4GiB or 1.5MB";
        Matcher m = QUANTITY.matcher(text == null ? "" : text);
        if (m.matches() && BITS.matcher(m.group(2)).matches()) {
            // an upper-case prefix with a lower-case b is bits, as a network rate writes them (64Mb, 1Gib): never bytes
            String number = m.group(1);
            String prefix = m.group(2).substring(0, 1);
            String asBytes = new BigDecimal(number).multiply(BigDecimal.valueOf(bitsUnit(m.group(2)))).divide(BigDecimal.valueOf(8))
                    .stripTrailingZeros().toPlainString();
            throw new ConfigurationException(field, Quoted.of(written) + " is in bits (a lower-case b after the upper-case "
                    + prefix + ", as network rates write them), " + asBytes + " bytes; accepted: a size in bytes (B),"
                    + " such as " + number + prefix + "B (powers of ten) or " + number + prefix + "iB (powers of two)");
        }
        String units = "B, KB, MB, GB, TB (powers of ten), KiB, MiB, GiB, TiB (powers of two)";
        BigDecimal bytes = parse(field, text, written, accepted, "bytes", units, /* bareAccepted= */ true, unit -> switch (unit) {
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
        if (bytes.stripTrailingZeros().scale() > 0) {
            throw new ConfigurationException(field, Quoted.of(written) + " is " + bytes.stripTrailingZeros().toPlainString()
                    + " bytes, not a whole number of bytes; accepted: " + accepted + " that comes to whole bytes");
        }
        return bytes.longValueExact();
    }

    /** Returns the bytes of one unit of a size written in bits ({@code Mb}: 10^6, {@code Mib}: 2^20). */
    private static long bitsUnit(String unit) {
        int power = "KMGT".indexOf(Character.toUpperCase(unit.charAt(0))) + 1;
        return unit.length() == 3 ? 1L << (10 * power) : BigDecimal.TEN.pow(3 * power).longValueExact();
    }

    /** Parses a duration into nanoseconds; {@code field} names the field in the error message. */
    public static long nanos(String field, String text) {
        return nanos(field, text, text == null ? null : text.strip());
    }

    /** Parses a duration given as a number (a YAML number: only 0 has no unit), an error quoting it as YAML reads it. */
    public static long nanosOf(String field, Number number) {
        return nanos(field, digits(number), number.toString());
    }

    private static long nanos(String field, String text, String written) {
        String accepted = "a duration such as 500ns, 60us, 200ms or 2s";
        String units = "ns, us (or µs), ms, s, min";
        return Math.round(parse(field, text, written, accepted, "nanoseconds", units, /* bareAccepted= */ false, unit -> switch (unit) {
            case "", "ns" -> 1L;
            case "us", "µs" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            case "min" -> 60_000_000_000L;
            default -> -1L;
        }).doubleValue());
    }

    /** Parses a rate into bits per second; {@code field} names the field in the error message. */
    public static long bitsPerSecond(String field, String text) {
        return bitsPerSecond(field, text, text == null ? null : text.strip());
    }

    /** Parses a bit rate given as a number (a YAML number: only 0 has no unit), an error quoting it as YAML reads it. */
    public static long bitsPerSecondOf(String field, Number number) {
        return bitsPerSecond(field, digits(number), number.toString());
    }

    private static long bitsPerSecond(String field, String text, String written) {
        String accepted = "a rate in bits per second such as 10Gbps, 56Gbps or 100Mbps";
        Matcher m = QUANTITY.matcher(text == null ? "" : text);
        if (m.matches() && m.group(2).matches("[kKmMgGtT]?B[pP][sS]")) {
            // an upper-case B is bytes, whatever the case of the rest (7GBps, 7GBPS); a lower-case b is bits (7gbps)
            String prefix = m.group(2).substring(0, m.group(2).indexOf('B'));
            String bits = (prefix.equalsIgnoreCase("k") ? "k" : prefix.toUpperCase(Locale.ROOT)) + "bps";
            throw new ConfigurationException(field, Quoted.of(written) + " is in bytes per second (B); accepted: " + accepted
                    + " (b), so " + m.group(1) + m.group(2) + " is " + bitsOf(m.group(1)) + bits);
        }
        String units = "bps, kbps, Mbps, Gbps";
        return Math.round(parse(field, text, written, accepted, "bits per second", units, /* bareAccepted= */ false, unit -> switch (unit) {
            case "", "bps" -> 1L;
            case "kbps" -> 1_000L;
            case "mbps" -> 1_000_000L;
            case "gbps" -> 1_000_000_000L;
            default -> -1L;
        }).doubleValue());
    }

    /**
     * Parses a rate of events (requests, operations) per second: {@code 20000}, {@code 20000/s}, {@code 200k/s},
     * {@code 1.5M/s}; {@code k} (or {@code K}), {@code M} and {@code G} are thousands, millions and billions. A lowercase
     * {@code m} is refused: it is milli in SI ({@code 500m/s} one every two seconds), and read as millions it would be a
     * billion times what was meant. {@code field} names the field in the error message.
     */
    public static double perSecond(String field, String text) {
        return perSecond(field, text, text == null ? null : text.strip());
    }

    /** Parses a rate of events given as a number (a YAML number, a second's), an error quoting it as YAML reads it. */
    public static double perSecondOf(String field, Number number) {
        return perSecond(field, digits(number), number.toString());
    }

    private static double perSecond(String field, String text, String written) {
        String accepted = "a rate such as 20000/s, 200k/s or 1.5M/s";
        Matcher m = text == null ? null : QUANTITY.matcher(text);
        if (m != null && m.matches() && (m.group(2).equals("m") || m.group(2).equals("m/s"))) {
            throw new ConfigurationException(field, Quoted.of(written) + " writes m, which is milli, not millions; accepted: "
                    + accepted + " (M for millions; 0.5/s for one every two seconds)");
        }
        String units = "/s, k/s, M/s, G/s (thousands, millions, billions a second)";
        return parse(field, text, written, accepted, "events per second", units, /* bareAccepted= */ true, unit -> switch (unit) {
            case "", "/s" -> 1L;
            case "k", "k/s" -> 1_000L;
            case "m", "m/s" -> 1_000_000L;
            case "g", "g/s" -> 1_000_000_000L;
            default -> -1L;
        }).doubleValue();
    }

    /**
     * Returns the plain digits of a number as {@link #parse} reads them ({@code 1e7} as {@code 10000000}); a number that
     * is not finite as Java writes it, which no quantity accepts.
     */
    private static String digits(Number number) {
        if (number instanceof BigDecimal decimal) {
            return decimal.toPlainString();
        }
        boolean fraction = number instanceof Double || number instanceof Float;
        return fraction && Double.isFinite(number.doubleValue()) ? new BigDecimal(number.toString()).toPlainString()
                : number.toString();
    }

    private static String bitsOf(String bytes) {
        double bits = Double.parseDouble(bytes) * 8;
        return bits == Math.rint(bits) ? Long.toString((long) bits) : Double.toString(bits);
    }

    private interface UnitTable {
        long multiplier(String lowerCaseUnit);
    }

    /**
     * Returns the quantity in its base unit, exactly (in decimal: {@code 4.1MB} is 4100000 bytes, where a
     * product of doubles is 4099999.9999999995). Without a unit, only 0 is accepted unless {@code bareAccepted} (a size,
     * a rate of events): a bare duration or bit rate is almost always a unit left out ({@code duration: 10} meaning 10 s,
     * not 10 ns). An unknown
     * unit is refused naming {@code unitNames}, every unit the table knows, so that {@code 1h} says that min is the
     * largest.
     */
    private static BigDecimal parse(String field, String text, String written, String accepted, String baseUnit,
                                    String unitNames, boolean bareAccepted, UnitTable units) {
        if (text == null) {
            throw new ConfigurationException(field, "missing; expected " + accepted);
        }
        Matcher m = QUANTITY.matcher(text);
        if (!m.matches() && NEGATIVE.matcher(text).matches()) {
            throw new ConfigurationException(field, Quoted.of(written) + " is negative; accepted: " + accepted + " (0 or more)");
        }
        if (!m.matches()) {
            throw new ConfigurationException(field, Quoted.of(text) + " is not " + accepted);
        }
        long multiplier = units.multiplier(m.group(2).toLowerCase(Locale.ROOT));
        if (multiplier < 0) {
            throw new ConfigurationException(field, "unknown unit " + Quoted.of(m.group(2)) + " in " + Quoted.of(text) + "; accepted: "
                    + accepted + ", in " + unitNames);
        }
        BigDecimal number = number(field, written, m.group(1), accepted, baseUnit);
        if (m.group(2).isEmpty() && !bareAccepted && number.signum() != 0) {
            throw new ConfigurationException(field, Quoted.of(written) + " has no unit; accepted: " + accepted
                    + " (a bare number other than 0 is refused, as it would be read in " + baseUnit + ")");
        }
        BigDecimal value = number.multiply(BigDecimal.valueOf(multiplier));
        if (value.compareTo(TWO_TO_THE_63) >= 0) {
            throw tooLarge(field, written, accepted, baseUnit);
        }
        return value;
    }

    /**
     * Returns the number {@code digits} ({@code 12.50}) writes, exactly, once its leading and trailing zeros are
     * dropped and its length checked, so that no input costs more than a few digits of arithmetic.
     */
    private static BigDecimal number(String field, String written, String digits, String accepted, String baseUnit) {
        int point = digits.indexOf('.');
        int wholeEnd = point < 0 ? digits.length() : point;
        int wholeStart = 0;
        while (wholeStart < wholeEnd && digits.charAt(wholeStart) == '0') {
            wholeStart++;
        }
        int decimalsEnd = digits.length();
        while (point >= 0 && decimalsEnd > point + 1 && digits.charAt(decimalsEnd - 1) == '0') {
            decimalsEnd--;
        }
        String whole = digits.substring(wholeStart, wholeEnd);
        String decimals = point < 0 ? "" : digits.substring(point + 1, decimalsEnd);
        if (whole.length() > MAX_WHOLE_DIGITS) {
            throw tooLarge(field, written, accepted, baseUnit);
        }
        if (decimals.length() > MAX_DECIMALS) {
            throw new ConfigurationException(field, Quoted.of(written) + " has " + decimals.length() + " decimals; accepted: "
                    + accepted + ", with at most " + MAX_DECIMALS + " decimals");
        }
        return new BigDecimal((whole.isEmpty() ? "0" : whole) + (decimals.isEmpty() ? "" : "." + decimals));
    }

    private static ConfigurationException tooLarge(String field, String written, String accepted, String baseUnit) {
        return new ConfigurationException(field, Quoted.of(written) + " is too large; accepted: " + accepted
                + ", less than 2^63 " + baseUnit);
    }
}
