package org.overbook.balloon.policy;

import java.util.List;

/** Fixed targets: each tenant's configured static target, within its bounds, whatever the demand. */
final class StaticPolicy implements AllocationPolicy {

    @Override
    public String name() {
        return "static";
    }

    @Override
    public long[] targets(List<TenantDemand> tenants, long availablePages) {
        long[] targets = new long[tenants.size()];
        for (int i = 0; i < targets.length; i++) {
            TenantDemand t = tenants.get(i);
            targets[i] = Math.clamp(t.staticPages(), t.lowerPages(), t.upperPages());
        }
        return targets;
    }
}
