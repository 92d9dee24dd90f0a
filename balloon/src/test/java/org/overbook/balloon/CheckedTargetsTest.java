package org.overbook.balloon;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.overbook.balloon.policy.AllocationPolicy;
import org.overbook.balloon.policy.TenantDemand;

/** The targets an allocation policy returns are checked before the manager acts on them, a wrong one named with its policy. */
class CheckedTargetsTest {

    private static final List<TenantDemand> TENANTS = List.of(
            new TenantDemand(0, 1000, 100, 400, 0, 0.5, 512),
            new TenantDemand(1, 1000, 50, 300, 0, 0.5, 512));
    /** The tenants' names in the scenario: a memcached server's and a toucher's, so that neither reads as its number. */
    private static final List<String> NAMES = List.of("s0", "toucher");

    private static AllocationPolicy returning(long[] targets) {
        return new AllocationPolicy() {
            @Override
            public String name() {
                return "fixed";
            }

            @Override
            public long[] targets(List<TenantDemand> tenants, long availablePages) {
                return targets;
            }
        };
    }

    private static String refused(long[] targets) {
        AllocationPolicy policy = returning(targets);
        return assertThrows(IllegalStateException.class, () -> CheckedTargets.of(policy, TENANTS, NAMES, policy.targets(TENANTS, 600)))
                .getMessage();
    }

    @Test
    void targetsWithinEveryBoundPassUnchanged() {
        long[] targets = {100, 300};
        assertArrayEquals(new long[] {100, 300}, CheckedTargets.of(returning(targets), TENANTS, NAMES, targets));
    }

    @Test
    void aTargetOutsideItsTenantsBoundsIsRefusedNamingThePolicyTheTenantAndTheBounds() {
        assertEquals("balloon allocation policy 'fixed' (built-in) gave tenant toucher a target of 301 pages; accepted: its bounds, 50"
                + " (lowerPages) to 300 (upperPages)", refused(new long[] {100, 301}));
        assertEquals("balloon allocation policy 'fixed' (built-in) gave tenant s0 a target of -1 pages; accepted: its bounds, 100"
                + " (lowerPages) to 400 (upperPages)", refused(new long[] {-1, 60}));
    }

    @Test
    void tooFewTargetsOrNoneAreRefused() {
        assertEquals("balloon allocation policy 'fixed' (built-in) returned 1 targets for 2 tenants; accepted: one target in pages"
                + " per tenant, in the order given", refused(new long[] {100}));
        assertEquals("balloon allocation policy 'fixed' (built-in) returned null for 2 tenants; accepted: one target in pages per"
                + " tenant, in the order given", refused(null));
    }
}
