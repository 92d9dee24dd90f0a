package org.overbook.perf.api;

import java.util.LinkedHashMap;
import java.util.Map;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;

/**
 * A scenario built in code: the reference defaults with fields set by path, as a scenario file would write
 * them ({@code set("tenants.count", 3)}, {@code set("tenants.template.workload.name", "memory-toucher")}).
 * Values are YAML: numbers, sizes and durations with units ({@code "240MiB"}, {@code "500ms"}), names,
 * lists and maps in flow style ({@code "{working-set: 64MiB}"}).
 */
public final class ScenarioDraft {

    private final ScenarioLoader loader;
    private final Map<String, String> values = new LinkedHashMap<>();

    ScenarioDraft(ScenarioLoader loader) {
        this.loader = loader;
    }

    /** Sets the field at {@code path} to {@code value} (its {@code toString()} read as YAML); returns this draft. */
    public ScenarioDraft set(String path, Object value) {
        values.put(path, String.valueOf(value));
        return this;
    }

    /**
     * Returns the scenario, every point checked.
     *
     * @throws org.overbook.guest.ConfigurationException naming the first field at fault
     */
    public ScenarioFile build() {
        return loader.reference().with(values);
    }
}
