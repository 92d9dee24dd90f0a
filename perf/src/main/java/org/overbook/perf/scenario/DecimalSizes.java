package org.overbook.perf.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.overbook.guest.Units;

/**
 * Memory written in a unit of powers of ten ({@code memory: 64MB}): accepted, as KB, MB, GB and TB mean 10^3,
 * 10^6, 10^9 and 10^12 bytes, and a whole number of pages is a valid size, but most likely meant in the binary
 * unit (64MiB), since RAM and swap come in those: 64MB is 61.0 MiB. Each such value becomes a warning naming the
 * field, what it comes to and the binary size it was probably meant as; a size in a binary unit, or in bytes, none.
 * A fraction ({@code 1.5GB}) gets no binary size, which may not come to whole bytes. Only {@code memory} and
 * {@code swap} fields are read (a host's, a client host's, a tenant's): a workload's sizes
 * (values, items) are as often decimal as not.
 */
final class DecimalSizes {

    private static final Pattern DECIMAL = Pattern.compile("\\s*([0-9]+(?:\\.[0-9]+)?)\\s*([kKmMgGtT])[bB]\\s*");
    private static final Set<String> FIELDS = Set.of("memory", "swap");

    private DecimalSizes() {
    }

    /** Returns one warning per field of {@code trees} (a file's points, read the same way) written in a decimal unit. */
    static Collection<String> warnings(Collection<JsonNode> trees) {
        Set<String> out = new LinkedHashSet<>();
        for (JsonNode tree : trees) {
            walk("", tree, out);
        }
        return out;
    }

    private static void walk(String path, JsonNode node, Set<String> out) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                String child = path.isEmpty() ? field.getKey() : path + "." + field.getKey();
                if (FIELDS.contains(field.getKey()) && field.getValue().isTextual()) {
                    check(child, field.getValue().asText(), out);
                } else if (!"params".equals(field.getKey())) {
                    walk(child, field.getValue(), out);
                }
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                walk(path + "[" + i + "]", node.get(i), out);
            }
        }
    }

    private static void check(String field, String text, Set<String> out) {
        Matcher m = DECIMAL.matcher(text);
        if (!m.matches()) {
            return;
        }
        String unit = m.group(2).toUpperCase(Locale.ROOT);
        long bytes = Units.bytes(field, text);
        String binary = m.group(1).contains(".") ? "write " + unit + "iB for powers of two"
                : String.format(Locale.ROOT, "%s%siB would be %d bytes", m.group(1), unit, Units.bytes(field, m.group(1) + unit + "iB"));
        out.add(String.format(Locale.ROOT, "%s: %s is %d bytes (%.1f MiB), as %sB is a power of ten; %s", field, text.strip(),
                bytes, bytes / (double) (1 << 20), unit, binary));
    }
}
