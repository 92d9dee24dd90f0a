package org.overbook.balloon.policy;

import java.util.List;

/** Divides the host memory available to tenants into per-tenant target allocations. */
public interface AllocationPolicy {

    /** Returns the name the registry knows this policy by. */
    String name();

    /**
     * Returns each tenant's target allocation in pages, in the order of {@code tenants}, each within its
     * [lower, upper] bounds. A policy that divides memory (all but {@code static}) gives out
     * {@code availablePages} in all, or less if the upper bounds sum to less, or more only if the lower
     * bounds alone sum to more. An array of another length, or a target outside its tenant's bounds, stops the
     * run, naming the policy and the tenant.
     */
    long[] targets(List<TenantDemand> tenants, long availablePages);
}
