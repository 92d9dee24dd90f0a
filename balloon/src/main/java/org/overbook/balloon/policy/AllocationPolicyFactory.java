package org.overbook.balloon.policy;

/** Makes a balloon allocation policy; usually a constructor reference or a lambda. */
@FunctionalInterface
public interface AllocationPolicyFactory {

    /** Returns a new policy; {@code idleTax} is the configured idle memory tax rate τ in [0, 1) ({@code balloon.idle-tax}). */
    AllocationPolicy create(double idleTax);
}
