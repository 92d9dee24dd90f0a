package org.overbook.perf.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.overbook.guest.ConfigurationException;
import org.overbook.nic.tlb.NicTlb;

/**
 * Reads {@code tenants} and {@code clients}: either a list of entries (each with {@code name},
 * {@code memory}, {@code workload}) or {@code count} + {@code template}, whose tenants are named
 * {@code <template name><index>} (or the template name with {@code ${index}} filled in).
 *
 * <p>Text in names and workload parameters may hold placeholders, filled in per tenant:
 * {@code ${index}} (its index in its list), {@code ${servers}} and {@code ${clients}} (every server or
 * client tenant's name, comma-separated: a load generator's {@code targets} follow a sweep of
 * {@code tenants.count}), {@code ${duration}} and {@code ${warm-up}} (the scenario's, as written).
 */
final class TenantReader {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([^}]*)}");
    private static final List<String> PLACEHOLDERS = List.of("${index}", "${servers}", "${clients}", "${duration}", "${warm-up}");

    /** A tenant as read, before its parameters' placeholders are filled in. */
    private record Draft(String path, int index, String name, long memoryBytes, String workload, Map<String, JsonNode> params) {
    }

    private final List<Draft> servers;
    private final List<Draft> clients;
    private final String duration;
    private final String warmUp;

    TenantReader(Section root, String duration, String warmUp) {
        this.duration = duration;
        this.warmUp = warmUp;
        this.servers = drafts(root, "tenants");
        this.clients = drafts(root, "clients");
    }

    /** Returns the server tenants. */
    List<TenantSpec> servers() {
        return servers.stream().map(this::resolve).toList();
    }

    /** Returns the client tenants. */
    List<TenantSpec> clients() {
        return clients.stream().map(this::resolve).toList();
    }

    private List<Draft> drafts(Section root, String key) {
        JsonNode node = root.raw(key);
        String path = root.field(key);
        List<Draft> out = new ArrayList<>();
        if (node.isArray()) {
            List<JsonNode> entries = Section.elements((ArrayNode) node);
            for (int i = 0; i < entries.size(); i++) {
                out.add(draft(Section.open(path + "[" + i + "]", entries.get(i), "name", "memory", "workload"), path, i, false));
            }
        } else if (node.isObject()) {
            Section form = Section.open(path, node, "count", "template");
            int count = (int) form.integer("count", "clients".equals(key) ? 0 : 1, NicTlb.MAX_VFS);
            Section template = form.section("template", "name", "memory", "workload");
            for (int i = 0; i < count; i++) {
                out.add(draft(template, path, i, true));
            }
        } else {
            throw new ConfigurationException(path, Section.describe(node) + " is of the wrong type; accepted: a list of "
                    + key + " (each with name, memory, workload) or a section with count and template");
        }
        if (out.isEmpty() && "tenants".equals(key)) {
            throw new ConfigurationException(path, "an empty list; accepted: at least one entry (the testbed needs a server tenant)");
        }
        return out;
    }

    private Draft draft(Section entry, String listPath, int index, boolean fromTemplate) {
        String name = entry.text("name", "a tenant's name");
        String expanded = fill(entry.field("name"), name, index, false);
        if (fromTemplate && expanded.equals(name)) {
            expanded = name + index;
        }
        long memory = entry.bytes("memory");
        Section workload = entry.section("workload", "name", "params");
        String workloadName = workload.text("name", "a workload's name");
        Map<String, JsonNode> params = ParameterValues.written(workload, "the workload's");
        return new Draft(listPath + "[" + index + "]", index, expanded, memory, workloadName, params);
    }

    private TenantSpec resolve(Draft d) {
        String field = d.path() + ".workload";
        Map<String, Object> params = new LinkedHashMap<>();
        d.params().forEach((key, value) -> params.put(key, ParameterValues.value(field + ".params." + key, value,
                (where, text) -> fill(where, text, d.index(), true))));
        return new TenantSpec(d.name(), d.memoryBytes(), new WorkloadSpec(field, d.workload(), params));
    }

    /** Fills in the placeholders of {@code text}; names may use only {@code ${index}}. */
    private String fill(String field, String text, int index, boolean all) {
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = switch (m.group(1)) {
                case "index" -> Integer.toString(index);
                case "servers" -> all ? String.join(",", servers.stream().map(Draft::name).toList()) : null;
                case "clients" -> all ? String.join(",", clients.stream().map(Draft::name).toList()) : null;
                case "duration" -> all ? duration : null;
                case "warm-up" -> all ? warmUp : null;
                default -> null;
            };
            if (value == null) {
                throw new ConfigurationException(field, "unknown placeholder '" + m.group() + "' in '" + text + "'; accepted: "
                        + (all ? String.join(", ", PLACEHOLDERS) : "${index}"));
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }
}
