package org.overbook.balloon.policy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.Named;

/** Every policy's contract, and the numbers of each. */
class AllocationPoliciesTest {

    private static TenantDemand tenant(int id, long shares, long lower, long upper, double active) {
        return new TenantDemand(id, shares, lower, upper, upper, active, upper);
    }

    @Property(tries = 200, seed = "2002")
    void everyPolicyKeepsTargetsWithinBoundsAndShareBasedOnesWithinMemory(
            @ForAll @IntRange(min = 1, max = 6) int count, @ForAll @IntRange(min = 0, max = 5_000) int available,
            @ForAll("seeds") long seed) {
        Random random = new Random(seed); // from jqwik's fixed seed
        List<TenantDemand> tenants = new ArrayList<>();
        long lowerSum = 0;
        for (int i = 0; i < count; i++) {
            long upper = 1 + random.nextInt(2_000);
            long lower = random.nextInt((int) upper + 1) / 4;
            long fixed = random.nextInt(2_500);
            tenants.add(new TenantDemand(i, 1 + random.nextInt(100), lower, upper, fixed, random.nextDouble(), upper));
            lowerSum += lower;
        }
        for (String name : AllocationPolicies.builtIn().descriptions().keySet()) {
            long[] targets = builtIn("balloon.policy", name, 0.75).targets(tenants, available);
            long sum = 0;
            for (int i = 0; i < count; i++) {
                TenantDemand t = tenants.get(i);
                assertTrue(targets[i] >= t.lowerPages() && targets[i] <= t.upperPages(), name + " tenant " + i + ": " + targets[i]);
                sum += targets[i];
            }
            if (!name.equals("static")) {
                assertTrue(sum <= Math.max(available, lowerSum), name + " gives " + sum + " of " + available);
                long upperSum = tenants.stream().mapToLong(TenantDemand::upperPages).sum();
                assertEquals(Math.min(upperSum, Math.max(available, lowerSum)), sum, name + " leaves nothing idle");
            }
        }
    }

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    @Test
    void proportionalDividesByShares() {
        AllocationPolicy policy = builtIn("f", "proportional", 0.75);
        long[] targets = policy.targets(List.of(tenant(0, 2_000, 0, 1_000, 1), tenant(1, 1_000, 0, 1_000, 0)), 900);
        assertArrayEquals(new long[] {600, 300}, targets, "2:1 shares, idleness ignored");
    }

    @Test
    void idleTaxTakesFromTheIdleTenantUntilItPaysAsMuchPerPage() {
        // Equal shares, 1024 pages each, 1128 available. Active: 800 active pages; idle: none.
        // k = 4: 800 + 4 (P_a - 800) = 4 P_i and P_a + P_i = 1128 give P_a = 864, P_i = 264 (564 each untaxed).
        List<TenantDemand> tenants = List.of(new TenantDemand(0, 1_000, 0, 1_024, 1_024, 800.0 / 1_024, 1_024),
                new TenantDemand(1, 1_000, 0, 1_024, 1_024, 0, 1_024));
        assertArrayEquals(new long[] {864, 264}, builtIn("f", "idle-tax", 0.75).targets(tenants, 1_128));
        assertArrayEquals(new long[] {564, 564}, builtIn("f", "idle-tax", 0).targets(tenants, 1_128));
        assertArrayEquals(new long[] {564, 564}, builtIn("f", "proportional", 0.75).targets(tenants, 1_128));
    }

    @Test
    void reservationsBoundTheTax() {
        List<TenantDemand> tenants = List.of(new TenantDemand(0, 1_000, 0, 1_024, 1_024, 1, 1_024),
                new TenantDemand(1, 1_000, 500, 1_024, 1_024, 0, 1_024));
        assertArrayEquals(new long[] {628, 500}, builtIn("f", "idle-tax", 0.75).targets(tenants, 1_128),
                "the idle tenant keeps its 500-page reservation");
        List<TenantDemand> limited = List.of(new TenantDemand(0, 1_000, 0, 300, 300, 1, 1_024),
                new TenantDemand(1, 1_000, 0, 1_024, 1_024, 0, 1_024));
        assertArrayEquals(new long[] {300, 828}, builtIn("f", "idle-tax", 0.75).targets(limited, 1_128),
                "the active tenant never passes its 300-page limit");
    }

    @Test
    void staticKeepsTheConfiguredTargets() {
        List<TenantDemand> tenants = List.of(new TenantDemand(0, 1, 0, 1_000, 700, 1, 1_000),
                new TenantDemand(1, 1, 100, 1_000, 50, 0, 1_000));
        assertArrayEquals(new long[] {700, 100}, builtIn("f", "static", 0.75).targets(tenants, 10));
    }

    @Test
    void anUnknownNameIsAConfigurationErrorListingTheKnownOnes() {
        ConfigurationException e = assertThrows(ConfigurationException.class,
                () -> builtIn("balloon.policy", "idle_tax", 0.75));
        assertEquals("balloon.policy", e.field());
        assertTrue(e.getMessage().contains("static, proportional, idle-tax"), e.getMessage());
        assertEquals(List.of("static", "proportional", "idle-tax"), List.copyOf(AllocationPolicies.builtIn().descriptions().keySet()));
    }

    /** Returns the built-in policy {@code name} as a scenario naming it alone gets it. */
    private static AllocationPolicy builtIn(String field, String name, double idleTax) {
        return AllocationPolicies.builtIn().create(field, Named.of(name), idleTax, new Random(1));
    }
}
