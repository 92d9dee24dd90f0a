package org.overbook.nic.policy;

/**
 * Contributes receive-fault policies to a {@link ReceiveFaultPolicies} registry. A jar names its provider in
 * {@code META-INF/services/org.overbook.nic.policy.ReceiveFaultPolicyProvider}.
 */
public interface ReceiveFaultPolicyProvider {

    /** Registers this provider's policies, each under its own name. */
    void registerReceiveFaultPolicies(ReceiveFaultPolicies registry);
}
