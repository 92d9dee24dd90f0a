package org.overbook.perf.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.Suggestions;

/**
 * Field paths as scenario files and error messages write them ({@code nic.tlb.sets},
 * {@code tenants.count}, {@code tenants[1].memory}, {@code clients.template.workload.params.rate}),
 * and setting a value at one in a merged tree: what a sweep axis or an override does.
 *
 * <p>A path must name a field that the merged tree has, and the reference file has every field, so a
 * path that is not there is a typo. The exceptions are the free-form maps, whose keys are the user's:
 * a workload's or a policy's {@code params} and {@code nic.memory-policy-by-tenant}; and the values a scenario may set
 * over its swap device kind's ({@code host.swap-device.read-latency}, ...), which the reference leaves out, as each kind
 * has its own. A path through the
 * {@code params} or the {@code name} of a policy the tree names alone ({@code nic.memory-policy: on-demand}) turns it
 * into the section form first ({@code {name: on-demand}}, see {@link NamedFields}).
 */
final class TreePaths {

    /** Maps whose keys are not fields of the format but the user's own. */
    static final Set<String> FREE_FORM = Set.of("params", "memory-policy-by-tenant");

    /** Fields of the format that the reference file leaves out, having no value of their own, by the section they sit in. */
    private static final Map<String, List<String>> OPTIONAL = Map.of(SwapDeviceSettings.FIELD, SwapDeviceSettings.OVERRIDES);

    private static final Pattern SEGMENT = Pattern.compile("([A-Za-z0-9_-]+)((?:\\[[0-9]+])*)");
    private static final Pattern INDEX = Pattern.compile("\\[([0-9]+)]");

    private TreePaths() {
    }

    /**
     * Sets the field at {@code path} to {@code value}.
     *
     * @param field where the path itself is written, for errors ({@code sweep.nic.memory-policy})
     * @throws ConfigurationException naming {@code field} if the path names no field
     */
    static void set(ObjectNode root, String path, JsonNode value, String field) {
        List<Object> steps = parse(path, field);
        if (steps.getFirst().equals("sweep")) {
            throw new ConfigurationException(field, "'" + path + "' is the sweep itself; a sweep varies the scenario's other fields");
        }
        JsonNode node = root;
        String at = "";
        for (int i = 0; i < steps.size(); i++) {
            Object step = steps.get(i);
            boolean last = i == steps.size() - 1;
            if (step instanceof String key) {
                if (!(node instanceof ObjectNode object)) {
                    throw unknown(field, path, at + " is " + Section.describe(node) + ", which has no field '" + key + "'");
                }
                List<String> optional = OPTIONAL.getOrDefault(at, List.of());
                boolean free = FREE_FORM.contains(lastKey(steps, i)) || (!last && FREE_FORM.contains(key))
                        || (last && optional.contains(key));
                if (!object.has(key) && !free) {
                    Set<String> accepted = new TreeSet<>(optional);
                    object.fieldNames().forEachRemaining(accepted::add);
                    throw unknown(field, path, "no field '" + key + "'" + (at.isEmpty() ? "" : " under " + at) + "; accepted: "
                            + String.join(", ", accepted) + Suggestions.didYouMean(key, accepted));
                }
                if (last) {
                    object.set(key, value.deepCopy());
                    return;
                }
                if (!object.has(key)) {
                    object.putObject(key); // a free-form map the file left out, such as a tenant's params
                }
                node = object.get(key);
                at = Section.child(at, key);
                if (node.isTextual() && NamedFields.names(at) && ("params".equals(steps.get(i + 1)) || "name".equals(steps.get(i + 1)))) {
                    node = object.putObject(key).put("name", node.textValue()); // a policy named alone, now a section of its name
                }
            } else {
                BigInteger written = (BigInteger) step;
                if (!(node instanceof ArrayNode array) || written.compareTo(BigInteger.valueOf(array.size())) >= 0) {
                    throw unknown(field, path, at + " is " + (node instanceof ArrayNode a ? "a list of " + a.size() : Section.describe(node))
                            + ", which has no element [" + written + "]");
                }
                int index = written.intValueExact();
                if (last) {
                    array.set(index, value.deepCopy());
                    return;
                }
                node = array.get(index);
                at = at + "[" + index + "]";
            }
        }
    }

    /**
     * Splits {@code path} into field names (strings) and list indexes (integers as written, however many digits: an
     * index past an int is past any list, and is told so as a smaller one is).
     */
    static List<Object> parse(String path, String field) {
        List<Object> steps = new ArrayList<>();
        for (String part : path.strip().split("\\.", -1)) {
            Matcher m = SEGMENT.matcher(part);
            if (!m.matches()) {
                throw new ConfigurationException(field, "'" + path + "' is not a field path; accepted: names joined by dots, "
                        + "with [i] for a list element, such as nic.memory-policy, tenants.count or tenants[1].memory");
            }
            steps.add(m.group(1));
            Matcher index = INDEX.matcher(m.group(2));
            while (index.find()) {
                steps.add(new BigInteger(index.group(1)));
            }
        }
        return steps;
    }

    private static String lastKey(List<Object> steps, int before) {
        for (int i = before - 1; i >= 0; i--) {
            if (steps.get(i) instanceof String key) {
                return key;
            }
        }
        return "";
    }

    private static ConfigurationException unknown(String field, String path, String why) {
        return new ConfigurationException(field, "unknown field path '" + path + "': " + why);
    }
}
