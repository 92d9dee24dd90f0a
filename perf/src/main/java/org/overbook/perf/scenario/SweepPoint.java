package org.overbook.perf.scenario;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One point of a scenario file: the resolved scenario with its sweep values applied.
 *
 * @param index    its place in the file's points, from 0
 * @param label    its sweep values, {@code nic.memory-policy=on-demand, tenants.count=4}; empty without a sweep
 * @param values   the same values by field path, in axis order
 * @param scenario the resolved scenario: the cache key of its results (the label is not part of it)
 * @param yaml     the merged tree of this point as YAML, every default spelled out, to embed in results
 */
public record SweepPoint(int index, String label, Map<String, String> values, Scenario scenario, String yaml) {

    public SweepPoint {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(scenario, "scenario");
        Objects.requireNonNull(yaml, "yaml");
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /**
     * Returns the field that sets tenant {@code name}'s memory, as this point's file writes it: the template's
     * ({@code clients.template.memory}) when its list is written as count + template, else its entry's
     * ({@code tenants[1].memory}); null if neither host has a tenant of that name.
     */
    public String memoryField(String name) {
        String field = memoryField("tenants", scenario.tenants(), name);
        return field != null ? field : memoryField("clients", scenario.clients(), name);
    }

    private String memoryField(String list, List<TenantSpec> tenants, String name) {
        for (int i = 0; i < tenants.size(); i++) {
            if (tenants.get(i).name().equals(name)) {
                boolean templated = ScenarioFile.isTemplated(YamlTrees.parse(yaml, label), list);
                return list + (templated ? ".template" : "[" + i + "]") + ".memory";
            }
        }
        return null;
    }
}
