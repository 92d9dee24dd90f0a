package org.overbook.hypervisor;

import java.util.Objects;

/**
 * One tenant of the host: a guest with its own memory, vCPU and (later) virtual function.
 *
 * @param name        unique among the host's tenants; names the tenant's random streams
 * @param memoryBytes the guest's memory, a whole number of pages; the guest sees all of it
 */
public record TenantConfig(String name, long memoryBytes) {

    public TenantConfig {
        Objects.requireNonNull(name, "name");
    }
}
