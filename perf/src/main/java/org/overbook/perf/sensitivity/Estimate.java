package org.overbook.perf.sensitivity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.overbook.guest.Units;
import org.overbook.perf.scenario.ScenarioFile;

/**
 * An input the reference file marks as Overbook's estimate, a duration: either a scenario field
 * ({@code costs.interrupt}) or a parameter of a workload wherever a tenant runs it ({@code memcached request-cost}).
 *
 * @param name         as printed: the field path, or {@code <workload> <param>}
 * @param path         the field path, or empty for a workload parameter
 * @param workload     the workload whose parameter it is, or empty for a field
 * @param param        the parameter, or empty for a field
 * @param defaultValue the reference's value, as written ({@code 4us})
 */
public record Estimate(String name, String path, String workload, String param, String defaultValue) {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final String[] LISTS = {"tenants", "clients"};

    public Estimate {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(param, "param");
        Objects.requireNonNull(defaultValue, "defaultValue");
    }

    /** Returns the estimate of the field at {@code path}. */
    static Estimate field(String path, String defaultValue) {
        return new Estimate(path, path, "", "", defaultValue);
    }

    /** Returns the estimate of {@code workload}'s parameter {@code param}. */
    static Estimate parameter(String workload, String param, String defaultValue) {
        return new Estimate(workload + " " + param, "", workload, param, defaultValue);
    }

    /**
     * Returns {@code file} with this input scaled by {@code factor}, or empty when the file does not use it: no tenant
     * runs the workload, or its sweep sets the field (the sweep would override the change).
     */
    public Optional<ScenarioFile> scaled(ScenarioFile file, double factor) {
        JsonNode tree = tree(file);
        Map<String, String> values = new LinkedHashMap<>();
        if (!path.isEmpty()) {
            if (file.axes().contains(path)) {
                return Optional.empty();
            }
            values.put(path, scale(text(at(tree, path), defaultValue), factor));
        } else {
            for (String list : LISTS) {
                JsonNode tenants = tree.path(list);
                if (tenants.isObject() && runs(tenants.path("template"))) {
                    values.put(list + ".template.workload.params." + param, scale(current(tenants.path("template")), factor));
                } else if (tenants.isArray()) {
                    for (int i = 0; i < tenants.size(); i++) {
                        if (runs(tenants.get(i))) {
                            values.put(list + "[" + i + "].workload.params." + param, scale(current(tenants.get(i)), factor));
                        }
                    }
                }
            }
        }
        return values.isEmpty() ? Optional.empty() : Optional.of(file.with(values));
    }

    /** Returns the value this input has in {@code file} (the first tenant's, for a parameter), as written. */
    public String valueIn(ScenarioFile file) {
        JsonNode tree = tree(file);
        if (!path.isEmpty()) {
            return text(at(tree, path), defaultValue);
        }
        for (String list : LISTS) {
            JsonNode tenants = tree.path(list);
            if (tenants.isObject() && runs(tenants.path("template"))) {
                return current(tenants.path("template"));
            }
            for (JsonNode tenant : tenants.isArray() ? tenants : YAML.createArrayNode()) {
                if (runs(tenant)) {
                    return current(tenant);
                }
            }
        }
        return defaultValue;
    }

    private boolean runs(JsonNode tenant) {
        return workload.equals(tenant.path("workload").path("name").asText());
    }

    private String current(JsonNode tenant) {
        return text(tenant.path("workload").path("params").path(param), defaultValue);
    }

    /** Returns {@code value} (a duration) times {@code factor}, in whole nanoseconds ({@code 2300ns}). */
    String scale(String value, double factor) {
        return Math.round(Units.nanos(name, value) * factor) + "ns";
    }

    private static JsonNode at(JsonNode tree, String path) {
        JsonNode node = tree;
        for (String key : path.split("\\.")) {
            node = node.path(key);
        }
        return node;
    }

    private static String text(JsonNode node, String otherwise) {
        return node.isMissingNode() || node.isNull() ? otherwise : node.asText();
    }

    private static JsonNode tree(ScenarioFile file) {
        try {
            return YAML.readTree(file.yaml());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read back the merged scenario " + file.source(), e);
        }
    }
}
