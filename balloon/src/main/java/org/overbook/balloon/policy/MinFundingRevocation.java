package org.overbook.balloon.policy;

import java.util.List;

/**
 * Share-based allocation by min-funding revocation with an idle memory tax (Waldspurger, OSDI 2002,
 * §5.1–5.2). Every tenant starts at its upper bound; while the total exceeds what is available, pages
 * are revoked from the tenant paying least per page, the one with the lowest adjusted shares-per-page
 * ratio
 * <pre>  ρ = S / (P · (f + k · (1 − f))),   k = 1 / (1 − τ)</pre>
 * where S is its shares, P its allocation, f the fraction of P in active use and τ the tax rate: an idle
 * page costs k times an active one. τ = 0 is pure proportional share (ρ = S / P); the ESX default
 * τ = 0.75 lets up to 75 % of a tenant's idle memory go to others. A tenant is never revoked below its
 * lower bound. Pages move in quanta of at least one page and 1/4096 of the initial excess, so the
 * result is exact for small hosts and takes a bounded number of steps for large ones; ties go to the
 * lower tenant id, so the result is deterministic.
 */
final class MinFundingRevocation implements AllocationPolicy {

    private static final int STEPS = 4096;

    private final String name;
    private final double idleCost;

    /**
     * @param name the registry name
     * @param tax  the idle memory tax rate τ in [0, 1)
     */
    MinFundingRevocation(String name, double tax) {
        if (!(tax >= 0 && tax < 1)) {
            throw new IllegalArgumentException("tax rate " + tax + " is not in [0, 1)");
        }
        this.name = name;
        this.idleCost = 1 / (1 - tax);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public long[] targets(List<TenantDemand> tenants, long availablePages) {
        int n = tenants.size();
        long[] allocation = new long[n];
        long excess = -availablePages;
        for (int i = 0; i < n; i++) {
            allocation[i] = tenants.get(i).upperPages();
            excess += allocation[i];
        }
        long quantum = Math.max(1, excess / STEPS);
        while (excess > 0) {
            int victim = -1;
            double lowest = Double.POSITIVE_INFINITY;
            for (int i = 0; i < n; i++) {
                TenantDemand t = tenants.get(i);
                if (allocation[i] > t.lowerPages()) {
                    double rho = sharesPerPage(t, allocation[i]);
                    if (rho < lowest) {
                        lowest = rho;
                        victim = i;
                    }
                }
            }
            if (victim < 0) {
                break; // everyone is at the lower bound
            }
            long take = Math.min(Math.min(quantum, excess), allocation[victim] - tenants.get(victim).lowerPages());
            allocation[victim] -= take;
            excess -= take;
        }
        return allocation;
    }

    /** Returns ρ for tenant {@code t} holding {@code pages}: its shares over the cost of its pages. */
    double sharesPerPage(TenantDemand t, long pages) {
        double active = Math.min(pages, t.activePages());
        double cost = active + idleCost * (pages - active);
        return t.shares() / cost;
    }
}
