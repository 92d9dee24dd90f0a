package org.overbook.balloon;

import java.util.List;
import org.overbook.balloon.policy.AllocationPolicy;
import org.overbook.balloon.policy.TenantDemand;
import org.overbook.guest.Registry;

/**
 * The targets an allocation policy returns, checked before the balloon manager acts on them: one per tenant, each within
 * the tenant's bounds, as {@link AllocationPolicy#targets} promises. A policy is a plug-in family, and a slip (a target
 * missing, a negative one, one past the tenant's limit) would otherwise surface as an index out of bounds in the manager
 * or as a balloon sized past its guest; this names the policy, its jar, the tenant (by its name in the scenario) and the
 * bounds instead.
 */
final class CheckedTargets {

    private CheckedTargets() {
    }

    /**
     * Returns {@code targets}, the answer of {@code policy} for {@code tenants}, whose names in the scenario
     * ({@code s0}) are {@code names}, in the same order.
     *
     * @throws IllegalStateException naming the policy and what is wrong, if they are not one target per tenant within
     *                               its bounds
     */
    static long[] of(AllocationPolicy policy, List<TenantDemand> tenants, List<String> names, long[] targets) {
        // named by its registered name and its class's jar: a plug-in's own toString() may be Object's, whose hash differs
        String who = "balloon allocation policy '" + policy.name() + "' (" + Registry.originOf(policy.getClass()) + ")";
        if (targets == null || targets.length != tenants.size()) {
            throw new IllegalStateException(who + " returned " + (targets == null ? "null" : targets.length + " targets")
                    + " for " + tenants.size() + " tenants; accepted: one target in pages per tenant, in the order given");
        }
        for (int i = 0; i < targets.length; i++) {
            TenantDemand t = tenants.get(i);
            if (targets[i] < t.lowerPages() || targets[i] > t.upperPages()) {
                throw new IllegalStateException(who + " gave tenant " + names.get(i) + " a target of " + targets[i] + " pages; accepted:"
                        + " its bounds, " + t.lowerPages() + " (lowerPages) to " + t.upperPages() + " (upperPages)");
            }
        }
        return targets;
    }
}
