package org.overbook.balloon.policy;

/**
 * What an allocation policy knows of one tenant when it sets targets, in pages.
 *
 * @param id             the tenant's id
 * @param shares         its memory shares
 * @param lowerPages     the least it may be given: its reservation, or its pinned pages if more
 * @param upperPages     the most it may be given: its limit
 * @param staticPages    its fixed target, for the {@code static} policy
 * @param activeFraction the estimated fraction of its guest pages in active use, in [0, 1]
 * @param guestPages     its memory
 */
public record TenantDemand(int id, long shares, long lowerPages, long upperPages, long staticPages,
                           double activeFraction, long guestPages) {

    /** @throws IllegalArgumentException if the bounds are empty or the active fraction is not in [0, 1] */
    public TenantDemand {
        if (lowerPages < 0 || lowerPages > upperPages) {
            throw new IllegalArgumentException("tenant " + id + ": bounds [" + lowerPages + ", " + upperPages + "] are empty");
        }
        if (!(activeFraction >= 0 && activeFraction <= 1)) {
            throw new IllegalArgumentException("tenant " + id + ": active fraction " + activeFraction + " is not in [0, 1]");
        }
    }

    /** Returns the estimated active pages. */
    public double activePages() {
        return activeFraction * guestPages;
    }
}
