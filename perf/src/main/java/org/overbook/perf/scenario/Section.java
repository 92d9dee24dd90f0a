package org.overbook.perf.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.Named;
import org.overbook.guest.Quoted;
import org.overbook.guest.Suggestions;
import org.overbook.guest.Units;

/**
 * One section of the scenario tree read through typed accessors, each naming its field path in any
 * error ({@code nic.tlb.sets: 'many' is not a whole number; accepted: ...}).
 *
 * <p>A section is opened with the fields it accepts, so a misspelt field is reported before anything
 * in it is read, with the accepted names and the nearest one. No accessor has a default: every default
 * comes from the reference file, merged under the user's file before reading; only entries of lists
 * (tenants, clients, balloon tenants) can miss a field, and that is an error unless the field is optional.
 */
final class Section {

    private final String path;
    private final ObjectNode node;
    private final Set<String> accepted;

    private Section(String path, ObjectNode node, Set<String> accepted) {
        this.path = path;
        this.node = node;
        this.accepted = accepted;
    }

    /** Opens {@code node}, found at {@code path}, accepting only {@code fields}. */
    static Section open(String path, JsonNode node, String... fields) {
        if (node == null || !node.isObject()) {
            throw new ConfigurationException(path, describe(node) + " is not a section; accepted: a section with fields "
                    + String.join(", ", fields));
        }
        Set<String> accepted = new LinkedHashSet<>(List.of(fields));
        for (var names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!accepted.contains(name)) {
                throw new ConfigurationException(child(path, Quoted.excerpt(name)), "unknown field " + Quoted.of(name) + "; accepted: "
                        + String.join(", ", accepted) + Suggestions.didYouMean(name, accepted));
            }
        }
        return new Section(path, (ObjectNode) node, accepted);
    }

    /** Returns this section's path. */
    String path() {
        return path;
    }

    /** Returns the path of field {@code key}. */
    String field(String key) {
        return child(path, key);
    }

    static String child(String path, String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    /** Returns whether field {@code key} is present and not null. */
    boolean has(String key) {
        JsonNode value = node.get(requireAccepted(key));
        return value != null && !value.isNull();
    }

    /** Opens the sub-section {@code key}, accepting only {@code fields}. */
    Section section(String key, String... fields) {
        return open(field(key), require(key, "a section"), fields);
    }

    /** Returns the raw value of {@code key} (lists and free-form maps, read by their own reader). */
    JsonNode raw(String key) {
        return require(key, "a value");
    }

    /** Returns the list at {@code key}. */
    ArrayNode list(String key, String what) {
        JsonNode value = require(key, what);
        if (!value.isArray()) {
            throw wrongType(key, value, what);
        }
        return (ArrayNode) value;
    }

    /** Returns a name or other text. */
    String text(String key, String what) {
        JsonNode value = require(key, what);
        if (!value.isTextual()) {
            throw new ConfigurationException(field(key), describe(value) + " is of the wrong type; accepted: " + what + yamlBoolean(value));
        }
        return value.textValue();
    }

    /**
     * Returns the registry entry named at {@code key} (a policy, a swap device's kind): its name alone, or a section of
     * its {@code name} and {@code params}, as a workload is written.
     *
     * @param what what the name names, for errors ({@code "a memory policy"})
     */
    Named named(String key, String what) {
        JsonNode value = require(key, what);
        if (value.isTextual()) {
            return Named.of(value.textValue());
        }
        if (!value.isObject()) {
            throw new ConfigurationException(field(key), describe(value) + " is of the wrong type; accepted: " + what
                    + ", or a section of its name and params" + yamlBoolean(value));
        }
        Section entry = section(key, "name", "params");
        String name = entry.text("name", what);
        return Named.of(name, ParameterValues.values(entry.field("params"), ParameterValues.written(entry, "its")));
    }

    /** Returns a whole number in {@code [min, max]}. */
    long integer(String key, long min, long max) {
        String what = "a whole number";
        JsonNode value = require(key, what);
        if (!value.isIntegralNumber()) {
            throw wrongType(key, value, what);
        }
        if (!value.canConvertToLong()) {
            throw outOfRange(key, value.asText(), min, max);
        }
        long n = value.longValue();
        if (n < min || n > max) {
            throw outOfRange(key, Long.toString(n), min, max);
        }
        return n;
    }

    private ConfigurationException outOfRange(String key, String value, long min, long max) {
        return new ConfigurationException(field(key), value + " is out of range; accepted: a whole number from " + min + " to " + max);
    }

    /** Returns a whole number that fits an {@code int}; ranges are the domain records' to check. */
    int integer(String key) {
        return (int) integer(key, Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    /** Returns a number (fractions, probabilities); ranges are the domain records' to check. */
    double real(String key) {
        String what = "a number such as 0.75";
        JsonNode value = require(key, what);
        if (!value.isNumber()) {
            throw wrongType(key, value, what);
        }
        return value.doubleValue();
    }

    /** Returns true or false. */
    boolean flag(String key) {
        JsonNode value = require(key, "true or false");
        if (!value.isBoolean()) {
            throw wrongType(key, value, "true or false");
        }
        return value.booleanValue();
    }

    /** Returns a size in bytes: {@code 4096}, {@code 64KiB}, {@code 4GiB}. */
    long bytes(String key) {
        JsonNode value = quantity(key, "a size such as 4096, 64KiB, 4GiB or 1.5MB");
        return value.isNumber() ? Units.bytesOf(field(key), value.numberValue()) : Units.bytes(field(key), value.asText());
    }

    /** Returns a duration in nanoseconds: {@code 500ns}, {@code 60us}, {@code 200ms}, {@code 2s}. */
    long nanos(String key) {
        JsonNode value = quantity(key, "a duration such as 500ns, 60us, 200ms or 2s");
        return value.isNumber() ? Units.nanosOf(field(key), value.numberValue()) : Units.nanos(field(key), value.asText());
    }

    /** Returns a rate in bits per second: {@code 56Gbps}. */
    long bitsPerSecond(String key) {
        JsonNode value = quantity(key, "a rate such as 10Gbps, 56Gbps or 100Mbps");
        return value.isNumber() ? Units.bitsPerSecondOf(field(key), value.numberValue())
                : Units.bitsPerSecond(field(key), value.asText());
    }

    /**
     * Returns a quantity, a number or a string with a unit, for {@link Units}: a number is handed over as a number, so
     * that an error quotes it as YAML reads it ({@code 1.0E308}), not in its 309 digits.
     */
    private JsonNode quantity(String key, String what) {
        JsonNode value = require(key, what);
        if (!value.isTextual() && !value.isNumber()) {
            throw wrongType(key, value, what);
        }
        return value;
    }

    private JsonNode require(String key, String what) {
        JsonNode value = node.get(requireAccepted(key));
        if (value == null || value.isNull()) {
            throw new ConfigurationException(field(key), "missing; expected " + what);
        }
        return value;
    }

    private String requireAccepted(String key) {
        if (!accepted.contains(key)) {
            throw new IllegalStateException(field(key) + " is read but not declared as accepted");
        }
        return key;
    }

    private ConfigurationException wrongType(String key, JsonNode value, String what) {
        return new ConfigurationException(field(key), describe(value) + " is of the wrong type; accepted: " + what);
    }

    /** YAML reads {@code on}, {@code off}, {@code yes} and {@code no} as true or false: says so where a word was wanted. */
    private static String yamlBoolean(JsonNode value) {
        return value != null && value.isBoolean() ? " (YAML reads true, false, yes, no, on and off as true or false;"
                + " write a name in quotes, such as 'on')" : "";
    }

    /** Describes a value for an error message: {@code 'many'}, {@code 512}, {@code a list}, {@code a section}. */
    static String describe(JsonNode value) {
        if (value == null || value.isNull() || value.isMissingNode()) {
            return "nothing";
        }
        if (value.isArray()) {
            return "a list " + abbreviate(flow(value));
        }
        if (value.isObject()) {
            return "a section " + abbreviate(flow(value));
        }
        return value.isTextual() ? Quoted.of(value.textValue()) : value.asText();
    }

    /** Spells a value as YAML's flow style writes it, {@code [1, 2]} or {@code {a: 1}}, rather than as JSON. */
    static String flow(JsonNode value) {
        if (value.isArray()) {
            List<String> items = new ArrayList<>();
            value.forEach(item -> items.add(flow(item)));
            return "[" + String.join(", ", items) + "]";
        }
        if (value.isObject()) {
            List<String> entries = new ArrayList<>();
            value.properties().forEach(e -> entries.add(e.getKey() + ": " + flow(e.getValue())));
            return "{" + String.join(", ", entries) + "}";
        }
        return value.isTextual() ? value.textValue() : value.asText();
    }

    private static String abbreviate(String text) {
        return text.length() <= 60 ? text : text.substring(0, 57) + "...";
    }

    /** Returns the elements of a list, for readers that open each one as a section. */
    static List<JsonNode> elements(ArrayNode list) {
        List<JsonNode> out = new ArrayList<>();
        list.forEach(out::add);
        return out;
    }
}
