package org.overbook.balloon;

/**
 * How short of free memory the host is, and so how the balloon manager reclaims (Waldspurger,
 * OSDI 2002, §6.3): in {@link #HIGH} nothing is reclaimed, in {@link #SOFT} balloons inflate toward
 * their targets, in {@link #HARD} the manager also pages out tenants above their target, and in
 * {@link #LOW} it goes on paging them out and keeps those still above target from running (and so from
 * allocating) until they are down to it.
 *
 * <p>The state falls when free memory drops below the next lower threshold and rises only once free
 * memory reaches the threshold above the current state (ESX's hysteresis): HIGH falls to SOFT below 4 %,
 * SOFT to HARD below 2 %, HARD to LOW below 1 %; LOW rises to HARD at 2 %, HARD to SOFT at 4 %, SOFT to
 * HIGH at 6 % (with the ESX thresholds).
 */
public enum MemoryState {
    /** Free memory is plentiful: no reclamation; balloons may only deflate. */
    HIGH,
    /** Reclaim by ballooning. */
    SOFT,
    /** Reclaim by ballooning and by paging out tenants above their target. */
    HARD,
    /** As HARD, and tenants above their target are descheduled. */
    LOW;

    /** Returns the state after {@code current} when {@code free} of {@code total} frames are free. */
    public static MemoryState next(MemoryState current, long free, long total, FreeMemoryThresholds thresholds) {
        MemoryState state = current;
        while (state != LOW && free < state.fallThreshold(thresholds) * total) {
            state = values()[state.ordinal() + 1];
        }
        if (state != current) {
            return state;
        }
        while (state != HIGH && free >= state.riseThreshold(thresholds) * total) {
            state = values()[state.ordinal() - 1];
        }
        return state;
    }

    /** Returns whether balloons may inflate in this state. */
    public boolean inflates() {
        return this != HIGH;
    }

    /** Returns whether tenants above their target are paged out in this state. */
    public boolean pages() {
        return this == HARD || this == LOW;
    }

    /** Returns whether tenants above their target are descheduled in this state. */
    public boolean blocks() {
        return this == LOW;
    }

    private double fallThreshold(FreeMemoryThresholds t) {
        return switch (this) {
            case HIGH -> t.soft();
            case SOFT -> t.hard();
            case HARD -> t.low();
            case LOW -> 0; // nothing below
        };
    }

    private double riseThreshold(FreeMemoryThresholds t) {
        return switch (this) {
            case HIGH -> Double.POSITIVE_INFINITY; // nothing above
            case SOFT -> t.high();
            case HARD -> t.soft();
            case LOW -> t.hard();
        };
    }
}
