package org.overbook.nic.policy;

/**
 * Contributes memory policies to a {@link MemoryPolicies} registry. A jar names its provider in
 * {@code META-INF/services/org.overbook.nic.policy.MemoryPolicyProvider}.
 */
public interface MemoryPolicyProvider {

    /** Registers this provider's policies, each under its own name. */
    void registerMemoryPolicies(MemoryPolicies registry);
}
