package org.overbook.balloon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.Named;
import org.overbook.hypervisor.HostConfig;
import org.overbook.hypervisor.TenantConfig;

/** A balloon configuration that cannot work is refused, naming the field. */
class BalloonConfigTest {

    private static final long MIB = 1 << 20;
    private static final HostConfig HOST = HostConfig.of(8 * MIB, 16 * MIB, Path.of("unused"), 1,
            List.of(new TenantConfig("a", 6 * MIB), new TenantConfig("b", 6 * MIB)));

    private static void assertRefused(BalloonConfig config, String field, String words) {
        ConfigurationException e = assertThrows(ConfigurationException.class, () -> config.resolve(HOST));
        assertEquals(field, e.field(), e.getMessage());
        assertTrue(e.getMessage().contains(words), e.getMessage());
    }

    private static BalloonConfig with(TenantBalloonConfig... tenants) {
        return BalloonConfig.defaults().withTenants(List.of(tenants));
    }

    @Test
    void defaultsAreEsxsAndResolveToEveryTenant() {
        BalloonConfig config = BalloonConfig.defaults();
        assertEquals(Named.of("idle-tax"), config.policy());
        assertEquals(0.75, config.idleTax());
        assertEquals(15_000_000_000L, config.reallocationNanos());
        assertEquals(30_000_000_000L, config.samplingNanos());
        assertEquals(100, config.samplePages());
        assertEquals(FreeMemoryThresholds.ESX, config.thresholds());
        List<BalloonConfig.TenantSettings> tenants = config.resolve(HOST);
        assertEquals(new BalloonConfig.TenantSettings(1, "b", 60, 0, 1536, 1536, 1536), tenants.get(1),
                "ESX's normal shares (10 per MiB), no reservation, limit and static target = all its memory");
    }

    @Test
    void anUnknownPolicyIsNamed() {
        assertRefused(BalloonConfig.defaults().withPolicy("idle tax"), "balloon.policy", "static, proportional, idle-tax");
    }

    @Test
    void impossibleReservationsAreNamed() {
        TenantBalloonConfig a = TenantBalloonConfig.of("a");
        TenantBalloonConfig b = TenantBalloonConfig.of("b");
        assertRefused(with(a.withMinBytes(5 * MIB), b.withMinBytes(4 * MIB)), "balloon.tenants[1].min", "exceed host.memory");
        assertRefused(with(a.withMinBytes(3 * MIB).withMaxBytes(2 * MIB)), "balloon.tenants[0].min", "more than the tenant's maximum");
        assertRefused(with(b.withMaxBytes(7 * MIB)), "balloon.tenants[0].max", "more than the tenant's memory");
        assertRefused(with(a.withMinBytes(2 * MIB).withTargetBytes(MIB)), "balloon.tenants[0].target", "outside");
        assertRefused(with(a.withMinBytes(1000)), "balloon.tenants[0].min", "4 KiB pages");
        assertRefused(with(a.withShares(0)), "balloon.tenants[0].shares", "positive");
    }

    @Test
    void unknownOrRepeatedTenantsAreNamed() {
        assertRefused(with(TenantBalloonConfig.of("c")), "balloon.tenants[0].name", "no tenant called 'c'");
        assertRefused(with(TenantBalloonConfig.of("a"), TenantBalloonConfig.of("a")), "balloon.tenants[1].name", "twice");
    }

    @Test
    void ratesPeriodsAndThresholdsAreChecked() {
        assertRefused(BalloonConfig.defaults().withIdleTax(1), "balloon.idle-tax", "[0, 1)");
        assertRefused(BalloonConfig.defaults().withPeriods(0, 1, 1), "balloon.reallocation-period", "positive");
        assertRefused(BalloonConfig.defaults().withPeriods(1, 1, -5), "balloon.state-check-period", "positive");
        BalloonConfig d = BalloonConfig.defaults();
        BalloonConfig swapped = new BalloonConfig(d.policy(), d.idleTax(), d.reallocationNanos(), d.samplingNanos(), d.samplePages(),
                d.stateCheckNanos(), new FreeMemoryThresholds(0.06, 0.01, 0.02, 0.005), d.tenants());
        assertRefused(swapped, "balloon.thresholds.soft", "above the hard threshold");
    }
}
