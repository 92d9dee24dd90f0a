package org.overbook.perf.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbook.perf.scenario.ScenarioErrors.assertError;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.guest.ConfigurationException;
import org.overbook.hypervisor.spi.SwapDeviceConfig;
import org.overbook.perf.plugin.Catalog;
import org.overbook.perf.run.Replications;
import org.overbook.perf.run.SmallScenarios;

/**
 * A swap device kind that draws at random draws as the host is built, under the seed the host is built with, as every
 * other policy does: each replication of a point has a device of its own, the same seed the same device, and the values
 * the file sets over the kind's hold in every replication. A mistake in the kind's parameters is still reported as the
 * file is read, before anything runs.
 */
class SwapDeviceReplicationsTest {

    /** A plug-in's kind: an nvme whose read latency is drawn from [85 us, 85 us + spread). */
    private static final String JITTERY = "jittery";

    @TempDir
    Path directory;

    private final Catalog catalog = catalogWithJitteryDevice();
    private final ScenarioLoader loader = new ScenarioLoader(catalog);

    private static Catalog catalogWithJitteryDevice() {
        Catalog catalog = Catalog.builtIn();
        catalog.policies().swapDevices().register(JITTERY, "an nvme of a read latency drawn at random", (kind, parameters, random) -> {
            long spread = parameters.nanos("spread", 50_000, 1, 1_000_000);
            SwapDeviceConfig nvme = SwapDeviceConfig.NVME;
            return new SwapDeviceConfig(kind, nvme.readLatencyNanos() + random.nextLong(spread), nvme.writeLatencyNanos(),
                    nvme.readIops(), nvme.writeIops(), nvme.queueDepth());
        });
        return catalog;
    }

    @Test
    void eachReplicationDrawsADeviceOfItsOwnAndTheSameSeedTheSameDevice() {
        SweepPoint point = loader.parse(SmallScenarios.MEMCACHED, "host: {swap-device: {kind: jittery, write-iops: 50000}}",
                "jittery.yaml").points().getFirst();
        List<SweepPoint> replicas = Replications.of(point, 3);
        List<SwapDeviceConfig> built = replicas.stream().map(replica -> builtDevice(replica.scenario(), "r" + replica.scenario().seed())).toList();

        assertNotEquals(built.get(0).readLatencyNanos(), built.get(1).readLatencyNanos(), "replications 0 and 1: " + built);
        assertNotEquals(built.get(1).readLatencyNanos(), built.get(2).readLatencyNanos(), "replications 1 and 2: " + built);
        assertEquals(built.get(1), builtDevice(replicas.get(1).scenario(), "again"), "the same seed builds the same device");
        assertEquals(HostSettings.UNRESOLVED_KIND, point.scenario().host().resources().swapDevice().kind(),
                "what a scenario holds in the place of its device says it is not the host's");
        for (SwapDeviceConfig device : built) {
            assertEquals(50_000, device.writeIops(), "the file's value over the kind's holds in every replication: " + device);
            assertEquals(JITTERY, device.kind());
        }
    }

    /**
     * A sweep over a value the file sets over the kind's, and over the kind, reaches the host each point and each of its
     * replications builds: the device is resolved from the point's own settings, never from what a scenario holds in the
     * place of one ({@link HostSettings#UNRESOLVED_SWAP_DEVICE}, an nvme).
     */
    @Test
    void aSweptValueAndASweptKindReachEveryBuiltHost() {
        ScenarioFile file = loader.parse(SmallScenarios.MEMCACHED, """
                host: {swap-device: {kind: optane}}
                sweep: {host.swap-device.kind: [hdd, jittery], host.swap-device.write-latency: [3us, 700us]}
                """, "swept.yaml");
        List<String> built = new ArrayList<>();
        for (SweepPoint replica : Replications.of(file.points(), 2)) {
            SwapDeviceConfig device = builtDevice(replica.scenario(), "p" + replica.index() + "-" + replica.scenario().seed());
            built.add(device.kind() + " " + device.writeLatencyNanos());
        }
        assertEquals(List.of("hdd 3000", "hdd 3000", "hdd 700000", "hdd 700000", "jittery 3000", "jittery 3000",
                "jittery 700000", "jittery 700000"), built);
    }

    /**
     * A kind whose draw may be refused (a queue of 0 on the flip of a coin) passes the check under the file's seed, and a
     * replication whose seed draws a refused device stops as its host is built, naming the field and that seed.
     */
    @Test
    void aReplicationWhoseSeedDrawsARefusedDeviceIsRefusedNamingTheSeed() {
        catalog.policies().swapDevices().register("coin", "an nvme whose queue is 0 on tails", (kind, parameters, random) -> {
            SwapDeviceConfig nvme = SwapDeviceConfig.NVME;
            return new SwapDeviceConfig(kind, nvme.readLatencyNanos(), nvme.writeLatencyNanos(), nvme.readIops(), nvme.writeIops(),
                    random.nextBoolean() ? nvme.queueDepth() : 0);
        });
        SweepPoint point = null;
        for (int seed = 1; point == null; seed++) { // the first seed of the file's whose draw the check accepts
            try {
                point = loader.parse(SmallScenarios.MEMCACHED, "seed: " + seed + "\nhost: {swap-device: {kind: coin}}", "coin.yaml")
                        .points().getFirst();
            } catch (ConfigurationException tails) {
                assertEquals("host.swap-device.queue-depth", tails.field(), tails.getMessage());
            }
        }
        List<String> refused = new ArrayList<>();
        for (SweepPoint replica : Replications.of(point, 8)) {
            long seed = replica.scenario().seed();
            try {
                builtDevice(replica.scenario(), "coin-" + seed);
            } catch (ConfigurationException e) {
                assertEquals("host.swap-device.queue-depth", e.field(), e.getMessage());
                assertTrue(e.getMessage().endsWith(" (as the host was built under seed " + seed + ")"), e.getMessage());
                refused.add(Long.toString(seed));
            }
        }
        assertFalse(refused.contains(Long.toString(point.scenario().seed())), "the file's seed was checked: " + refused);
        assertFalse(refused.isEmpty(), "of 8 replications, one draws tails");
    }

    @Test
    void aReplicasTextReadsBackToItsScenario() {
        // as a Spark task carries a replica: its point's text with the replica's seed written in
        SweepPoint point = loader.parse(SmallScenarios.MEMCACHED, "host: {swap-device: {kind: jittery}}", "jittery.yaml")
                .points().getFirst();
        SweepPoint replica = Replications.of(point, 2).get(1);
        Scenario readBack = loader.parse(point.yaml(), "seed: " + replica.scenario().seed(), "replica").scenario();
        assertEquals(replica.scenario(), readBack);
    }

    @Test
    void aParameterTheKindRefusesIsReportedAsTheFileIsRead() {
        assertError(error("host: {swap-device: {kind: {name: jittery, params: {spread: 0}}}}"),
                "host.swap-device.kind.params.spread", "out of range");
        assertError(error("host: {swap-device: {kind: {name: jittery, params: {sprad: 1us}}}}"),
                "host.swap-device.kind.params.sprad", "unknown parameter; accepted: spread", "did you mean spread?");
    }

    private ConfigurationException error(String overlay) {
        return assertThrows(ConfigurationException.class, () -> loader.parse(SmallScenarios.MEMCACHED, overlay, "jittery.yaml"));
    }

    private SwapDeviceConfig builtDevice(Scenario scenario, String folder) {
        try (Deployment deployment = new ScenarioBuilder(catalog).build(scenario, directory.resolve(folder))) {
            return deployment.testbed().server().swapDevice().config();
        }
    }
}
