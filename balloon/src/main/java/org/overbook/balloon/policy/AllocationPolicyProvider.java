package org.overbook.balloon.policy;

/**
 * Contributes balloon allocation policies to an {@link AllocationPolicies} registry. A jar names its
 * provider in {@code META-INF/services/org.overbook.balloon.policy.AllocationPolicyProvider}.
 */
public interface AllocationPolicyProvider {

    /** Registers this provider's policies, each under its own name. */
    void registerAllocationPolicies(AllocationPolicies registry);
}
