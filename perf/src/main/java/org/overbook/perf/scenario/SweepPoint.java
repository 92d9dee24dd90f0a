package org.overbook.perf.scenario;

import java.util.Collections;
import java.util.LinkedHashMap;
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
}
