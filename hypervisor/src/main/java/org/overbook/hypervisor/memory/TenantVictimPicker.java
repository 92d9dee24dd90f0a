package org.overbook.hypervisor.memory;

/**
 * Picks the pages {@link HostMemory#swapOut} takes from one tenant. A hand per tenant sweeps its guest
 * pages from where it last stopped, taking resident, unpinned, unlocked pages whose accessed bit is clear
 * (untouched since the bit was last cleared) and, only if those are too few, accessed ones on a second
 * sweep. Unlike the global CLOCK it clears no accessed bit: the working-set sampler reads the same bits,
 * and a hand that cleared them on its way through a busy tenant above its target would make that tenant
 * look idle, so that the idle memory tax took yet more of its memory (in
 * {@code scenarios/ballooning-vs-swapping.yaml}, a second-chance hand brought the busy tenant's estimate
 * from 0.70 down to 0.26). Where every bit is set the hand takes pages in address order, which, like
 * ESX's random choice within a VM (Waldspurger, OSDI 2002, §3.3), knows nothing of recency.
 */
final class TenantVictimPicker {

    private final int[] hands;

    TenantVictimPicker(int tenants) {
        this.hands = new int[tenants];
    }

    /** Fills {@code victims} with up to its length pages of {@code table}, untouched ones first; returns how many. */
    int pick(SecondLevelTable table, int[] victims) {
        int pages = table.pages();
        int start = hands[table.tenantId()];
        int count = 0;
        for (int sweep = 0; sweep < 2 && count < victims.length; sweep++) {
            boolean takeAccessed = sweep == 1; // the first sweep took every untouched page it passed
            for (int step = 0; step < pages && count < victims.length; step++) {
                int page = start + step < pages ? start + step : start + step - pages;
                if (table.frame(page) >= 0 && table.reclaimable(page) && table.isAccessed(page) == takeAccessed) {
                    victims[count++] = page;
                    hands[table.tenantId()] = page + 1 == pages ? 0 : page + 1;
                }
            }
        }
        return count;
    }
}
