package org.overbook.examples;

import java.util.List;
import org.overbook.balloon.policy.AllocationPolicies;
import org.overbook.balloon.policy.AllocationPolicy;
import org.overbook.balloon.policy.AllocationPolicyProvider;
import org.overbook.balloon.policy.TenantDemand;

/**
 * An example balloon allocation policy ({@code balloon.policy: equal}): every tenant the same share of
 * host memory, within its reservation and limit, whatever its shares or idleness.
 * docs/PLUGINS.md, "Balloon allocation".
 */
public final class EqualSharesBalloonPolicy implements AllocationPolicyProvider {
    @Override
    public void registerAllocationPolicies(AllocationPolicies registry) {
        registry.register("equal", "the same share for every tenant, within its bounds", idleTax -> new AllocationPolicy() {
            @Override
            public String name() {
                return "equal";
            }

            @Override
            public long[] targets(List<TenantDemand> tenants, long availablePages) {
                long[] out = new long[tenants.size()];
                for (int i = 0; i < out.length; i++) {
                    TenantDemand t = tenants.get(i);
                    out[i] = Math.max(t.lowerPages(), Math.min(t.upperPages(), availablePages / out.length));
                }
                return out;
            }
        });
    }
}
