package org.overbook.perf.scenario;

import java.util.Objects;
import org.overbook.hypervisor.TenantConfig;

/**
 * One tenant of either host, resolved: a template expanded, placeholders filled in.
 *
 * @param name        unique across both hosts
 * @param memoryBytes the guest's memory
 * @param workload    what it runs
 */
public record TenantSpec(String name, long memoryBytes, WorkloadSpec workload) {

    public TenantSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(workload, "workload");
    }

    /** Returns the host's view of this tenant. */
    public TenantConfig config() {
        return new TenantConfig(name, memoryBytes);
    }
}
