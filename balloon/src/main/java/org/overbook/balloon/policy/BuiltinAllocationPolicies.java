package org.overbook.balloon.policy;

/**
 * Registers the balloon allocation policies that ship with Overbook, the way a plug-in registers its own.
 *
 * <ul>
 *   <li>{@code static}: each tenant's configured target, whatever the demand.
 *   <li>{@code proportional}: memory in proportion to shares, within reservations (τ = 0).
 *   <li>{@code idle-tax}: ESX's idle memory tax: shares-per-page with idle pages taxed at τ (default 0.75).
 * </ul>
 */
public final class BuiltinAllocationPolicies implements AllocationPolicyProvider {

    @Override
    public void registerAllocationPolicies(AllocationPolicies registry) {
        registry.register("static", "fixed per-tenant targets from the configuration", tax -> new StaticPolicy());
        registry.register("proportional", "memory in proportion to shares, within reservations",
                tax -> new MinFundingRevocation("proportional", 0));
        registry.register("idle-tax", "ESX idle memory tax: reclaim first from tenants paying least per page, idle pages taxed at τ",
                tax -> new MinFundingRevocation("idle-tax", tax));
    }
}
