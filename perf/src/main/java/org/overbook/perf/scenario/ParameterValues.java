package org.overbook.perf.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BinaryOperator;
import org.overbook.guest.ConfigurationException;

/**
 * A plug-in's {@code params} as a scenario writes them (a workload's, a policy's), turned into what
 * {@link org.overbook.guest.Parameters} reads: numbers ({@link Long}, {@link Double}), text, booleans, and lists of text.
 */
final class ParameterValues {

    private ParameterValues() {
    }

    /**
     * Returns the parameters at {@code owner}'s field {@code params} as written, by name in file order, or none if it has
     * none.
     *
     * @param whose whose parameters they are, for the error ({@code "the workload's"})
     * @throws ConfigurationException naming the field if it is not a section
     */
    static Map<String, JsonNode> written(Section owner, String whose) {
        Map<String, JsonNode> params = new LinkedHashMap<>();
        if (owner.has("params")) {
            JsonNode raw = owner.raw("params");
            if (!raw.isObject()) {
                throw new ConfigurationException(owner.field("params"), Section.describe(raw)
                        + " is of the wrong type; accepted: a section of " + whose + " parameters");
            }
            raw.properties().forEach(e -> params.put(e.getKey(), e.getValue()));
        }
        return params;
    }

    /**
     * Converts one parameter, the text in it (a list's items too) passed through {@code fill} (field, text) for its
     * placeholders. A list stays a list (of its items' text), so that a parameter of one value can say a list was given.
     *
     * @throws ConfigurationException naming {@code field} if the value is a section, or a list holding one
     */
    static Object value(String field, JsonNode value, BinaryOperator<String> fill) {
        if (value.isTextual()) {
            return fill.apply(field, value.textValue());
        }
        if (value.isIntegralNumber()) {
            if (!value.canConvertToLong()) {
                throw new ConfigurationException(field, value.asText() + " is out of range; accepted: a whole number from "
                        + Long.MIN_VALUE + " to " + Long.MAX_VALUE);
            }
            return value.longValue();
        }
        if (value.isFloatingPointNumber()) {
            return value.doubleValue();
        }
        if (value.isBoolean()) {
            return value.booleanValue();
        }
        if (value.isArray()) {
            List<String> items = new ArrayList<>();
            for (JsonNode item : value) {
                if (!item.isValueNode() || item.isNull()) {
                    throw new ConfigurationException(field, Section.describe(value) + " is of the wrong type; accepted: "
                            + "a number, text, true or false, or a list of those");
                }
                items.add(item.isTextual() ? fill.apply(field, item.textValue()) : item.asText());
            }
            return List.copyOf(items);
        }
        throw new ConfigurationException(field, Section.describe(value) + " was given where one value or a list is accepted;"
                + " accepted: a number, text, true or false, or a list of those");
    }

    /** Returns {@code written} converted, the text as written (no placeholders), by name in file order. */
    static Map<String, Object> values(String field, Map<String, JsonNode> written) {
        Map<String, Object> out = new LinkedHashMap<>();
        written.forEach((key, value) -> out.put(key, value(field + "." + key, value, (where, text) -> text)));
        return out;
    }
}
