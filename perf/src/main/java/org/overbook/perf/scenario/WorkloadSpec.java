package org.overbook.perf.scenario;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.overbook.guest.Workload;
import org.overbook.guest.WorkloadParameters;
import org.overbook.guest.WorkloadRegistry;

/**
 * A workload by name with its parameters, as a scenario gives it. The parameters are the one map that
 * leaves the scenario reader: they belong to the workload, which reads them through
 * {@link WorkloadParameters} and rejects any it does not know.
 *
 * @param field  where the workload sits in the scenario ({@code tenants[2].workload}), for errors
 * @param name   the registered name ({@code memcached})
 * @param params numbers (Long, Double), text (sizes, durations, names), booleans and lists (of the items' text), in
 *               file order
 */
public record WorkloadSpec(String field, String name, Map<String, Object> params) {

    public WorkloadSpec {
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(name, "name");
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }

    /** Returns the parameters, reporting errors under {@code <field>.params}. */
    public WorkloadParameters parameters() {
        return new WorkloadParameters(field + ".params", params);
    }

    /**
     * Creates a new instance of this workload.
     *
     * @throws org.overbook.guest.ConfigurationException if the name is unknown or a parameter is wrong
     */
    public Workload create(WorkloadRegistry registry) {
        return registry.create(field + ".name", name, parameters());
    }

    /**
     * Creates a new instance of this workload for a guest of {@code guestMemoryBytes}, so that a size that
     * cannot fit it is refused.
     *
     * @throws org.overbook.guest.ConfigurationException if the name is unknown or a parameter is wrong
     */
    public Workload create(WorkloadRegistry registry, long guestMemoryBytes) {
        return registry.create(field + ".name", name, new WorkloadParameters(field + ".params", params, guestMemoryBytes));
    }
}
