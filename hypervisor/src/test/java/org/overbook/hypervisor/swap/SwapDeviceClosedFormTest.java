package org.overbook.hypervisor.swap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.overbook.guest.Named;
import org.overbook.hypervisor.resource.ResourceSnapshot;
import org.overbook.hypervisor.resource.ResourceStats;
import org.overbook.hypervisor.spi.SwapDeviceConfig;
import org.overbook.hypervisor.spi.SwapDeviceModels;
import org.overbook.hypervisor.sim.RandomStreams;

/**
 * The swap device alone against queueing theory. Requests arrive as a Poisson process (exponential
 * inter-arrival times from a seeded stream, booked in time order, as the model books them), so the wait
 * before the device's bottleneck is that of an M/G/1 queue, whose mean is Pollaczek–Khinchine's
 * {@code W = λ E[S²] / (2 (1 - ρ))}. Each bottleneck's service is deterministic (one over its IOPS), so
 * each is an M/D/1 queue, {@code E[S²] = S²}: reads alone, and reads and writes mixed (each direction has its
 * own bottleneck).
 *
 * <p>Sample sizes: the estimator of the mean wait has a relative standard deviation of a few per cent at
 * {@code ρ = 0.9} with the counts below (M/D/1's asymptotic variance; in the mix the writes are the fewer
 * requests, one in thirteen), so a 10 % tolerance is several standard deviations wide. The queue depth (128) is
 * never reached at these loads (λ × (wait + latency) is about 40), so the device is the M/G/1 queue alone.
 */
class SwapDeviceClosedFormTest {

    private static final long SEED = 20_261_123L;

    /** Books {@code requests} Poisson arrivals at rate {@code lambda} per ns; returns the device. */
    private static SwapDevice poisson(SwapDeviceConfig config, double lambda, double readFraction, int requests,
                                      long seed) {
        SwapDevice device = new SwapDevice(config);
        UniformRandomProvider random = new RandomStreams(seed).provider("swap-arrivals");
        double at = 0;
        for (int i = 0; i < requests; i++) {
            at += -Math.log1p(-random.nextDouble()) / lambda;
            device.forgetBefore((long) at); // as the host does: nothing comes before the latest arrival
            if (random.nextDouble() < readFraction) {
                device.read((long) at, 1);
            } else {
                device.write((long) at, 1);
            }
        }
        return device;
    }

    private static double meanWait(ResourceStats stats) {
        ResourceSnapshot s = stats.snapshot();
        return (double) s.waitNanos() / s.requests();
    }

    @ParameterizedTest(name = "reads alone at utilisation {0}")
    @ValueSource(doubles = {0.5, 0.8, 0.9})
    void readsAloneWaitAsMD1(double rho) {
        SwapDeviceConfig nvme = SwapDeviceConfig.defaults();
        double service = nvme.readServiceNanos();
        double lambda = rho / service;
        SwapDevice device = poisson(nvme, lambda, 1.0, 1_000_000, SEED);
        double expected = lambda * service * service / (2 * (1 - rho));
        double got = meanWait(device.readStats());
        assertTrue(Math.abs(got - expected) <= 0.10 * expected, String.format(
                "seed %d, rho %.1f, M/D/1 S = %.0f ns: mean wait %.1f ns, Pollaczek-Khinchine %.1f ns (%+.1f %%)",
                SEED, rho, service, got, expected, 100 * (got / expected - 1)));
    }

    /**
     * Reads and writes mixed: each has its own bottleneck at its own IOPS, and a Poisson stream split at random
     * is two Poisson streams, so each bottleneck is an M/D/1 queue of its own. The writes run at {@code rho}
     * and the reads at 0.3 beside them (600,000 writes, about 2.6 million reads); the two share only the
     * queue-depth slots, which these loads never fill.
     */
    @ParameterizedTest(name = "writes at utilisation {0} beside reads at 0.3")
    @ValueSource(doubles = {0.5, 0.8, 0.9})
    void readsAndWritesMixedEachWaitAsMD1(double rho) {
        SwapDeviceConfig nvme = SwapDeviceConfig.defaults();
        double r = nvme.readServiceNanos();
        double w = nvme.writeServiceNanos();
        double rhoReads = 0.3;
        double lambdaReads = rhoReads / r;
        double lambdaWrites = rho / w;
        long seed = SEED + 1;
        double lambda = lambdaReads + lambdaWrites;
        SwapDevice device = poisson(nvme, lambda, lambdaReads / lambda, (int) (600_000 * lambda / lambdaWrites), seed);
        double expectedReads = lambdaReads * r * r / (2 * (1 - rhoReads));
        double expectedWrites = lambdaWrites * w * w / (2 * (1 - rho));
        double reads = meanWait(device.readStats());
        double writes = meanWait(device.writeStats());
        assertTrue(Math.abs(reads - expectedReads) <= 0.10 * expectedReads, String.format(
                "seed %d, rho 0.3 beside writes at %.1f: reads wait %.1f ns, Pollaczek-Khinchine %.1f ns (%+.1f %%)", seed, rho, reads,
                expectedReads, 100 * (reads / expectedReads - 1)));
        assertTrue(Math.abs(writes - expectedWrites) <= 0.10 * expectedWrites, String.format(
                "seed %d, rho %.1f: writes wait %.1f ns, Pollaczek-Khinchine %.1f ns (%+.1f %%), %d writes", seed, rho,
                writes, expectedWrites, 100 * (writes / expectedWrites - 1), device.writeStats().requests()));
    }

    @ParameterizedTest(name = "{0}: a read alone takes its QD1 latency")
    @CsvSource({"nvme", "optane", "sata-ssd"})
    void aReadAloneTakesItsQueueDepthOneLatency(String kind) {
        SwapDeviceConfig config = preset(kind);
        SwapDevice device = new SwapDevice(config);
        long first = 1_000;
        assertEquals(config.readLatencyNanos(), device.read(first, 1) - first);
        long later = 10_000_000; // long after the first has left
        assertEquals(config.readLatencyNanos(), device.read(later, 1) - later);
        assertEquals(0, device.readStats().waitNanos());
    }

    /**
     * A write alone completes in the preset's QD1 write latency even where the bottleneck's service (1 / 38k
     * IOPS = 26,316 ns on {@code nvme}) is longer: the latency runs from the start of the service, as a drive
     * absorbs a lone write in its cache, while the bottleneck stays busy its whole service.
     */
    @Test
    void aWriteAloneTakesItsQueueDepthOneLatency() {
        SwapDeviceConfig nvme = SwapDeviceConfig.defaults();
        SwapDevice device = new SwapDevice(nvme);
        assertEquals(nvme.writeLatencyNanos(), device.write(0, 1));
    }

    @ParameterizedTest(name = "{0} saturated completes its read IOPS")
    @CsvSource({"nvme", "optane", "sata-ssd", "hdd"})
    void atSaturationTheDeviceCompletesItsIops(String kind) {
        SwapDeviceConfig config = preset(kind);
        int requests = kind.equals("hdd") ? 2_000 : 400_000;
        // offered at 1.5 times the IOPS: the queue only grows, and the device never idles once started
        double lambda = 1.5 * config.readIops() / 1e9;
        SwapDevice device = new SwapDevice(config);
        UniformRandomProvider random = new RandomStreams(SEED + 2).provider("swap-arrivals");
        double at = 0;
        long first = -1;
        long lastDone = 0;
        for (int i = 0; i < requests; i++) {
            at += -Math.log1p(-random.nextDouble()) / lambda;
            first = first < 0 ? (long) at : first;
            device.forgetBefore((long) at);
            lastDone = Math.max(lastDone, device.read((long) at, 1));
        }
        double throughput = requests / ((lastDone - first) / 1e9);
        assertTrue(Math.abs(throughput / config.readIops() - 1) <= 0.01, String.format(
                "seed %d, %s: %.0f reads/s at saturation, IOPS %d", SEED + 2, kind, throughput, config.readIops()));
    }

    /**
     * The queue depth by hand, where it binds: a flash device of depth 4 whose QD1 latency (100 µs) is far longer
     * than its bottleneck's service (1 µs), so at most four requests are inside it and a fifth enters only when the
     * first leaves. With N reads offered at once, read k enters when read k - 4 completes and finds the bottleneck
     * idle, so it completes at {@code (k mod 4) S + (floor(k / 4) + 1) L}, and the device completes depth / latency
     * requests a second (Little's law), not its IOPS. The closed-form tests above never fill the queue.
     */
    @Test
    void aFullQueueAdmitsARequestOnlyWhenOneLeaves() {
        int depth = 4;
        long latency = 100_000;
        SwapDeviceConfig config = new SwapDeviceConfig("qd-test", latency, latency, 1_000_000, 1_000_000, depth);
        long service = config.readServiceNanos();
        assertEquals(1_000, service);
        SwapDevice device = new SwapDevice(config);
        int requests = 40;
        long lastDone = 0;
        for (int k = 0; k < requests; k++) {
            long done = device.read(0, 1);
            assertEquals((k % depth) * service + (k / depth + 1) * latency, done,
                    "read " + k + " of " + requests + " offered at once to a device of depth " + depth);
            lastDone = Math.max(lastDone, done);
        }
        double littlesLaw = depth * 1e9 / latency; // requests a second with the queue always full
        double throughput = requests / (lastDone / 1e9);
        assertTrue(Math.abs(throughput / littlesLaw - 1) <= 0.01, String.format(
                "%.0f reads/s from a device of depth %d and latency %d ns: Little's law gives %.0f", throughput, depth,
                latency, littlesLaw));
    }

    @Test
    void aDiskHasOneArmForReadsAndWrites() {
        SwapDeviceConfig hdd = preset("hdd");
        SwapDevice disk = new SwapDevice(hdd);
        long read = disk.read(0, 1);
        long write = disk.write(0, 1);
        assertEquals(hdd.readLatencyNanos(), read, "the read goes first");
        assertEquals(hdd.readServiceNanos() + hdd.writeLatencyNanos(), write, "the write waits for the arm");
        assertEquals(hdd.readServiceNanos(), disk.writeStats().waitNanos());
        SwapDevice flash = new SwapDevice(SwapDeviceConfig.defaults());
        flash.read(0, 1);
        assertEquals(SwapDeviceConfig.defaults().writeLatencyNanos(), flash.write(0, 1), "flash: a bottleneck each way");
    }

    @Test
    void aDiskSeeksOnceForAClusterOfContiguousPagesAndFlashServesEachPage() {
        SwapDeviceConfig hdd = preset("hdd");
        assertEquals(hdd.readLatencyNanos() + 7 * hdd.pageTransferNanos(), new SwapDevice(hdd).read(0, 8),
                "one seek and half a turn, then seven pages at 255 MB/s");
        SwapDeviceConfig nvme = SwapDeviceConfig.defaults();
        assertEquals(nvme.readLatencyNanos() + 7 * nvme.readServiceNanos(), new SwapDevice(nvme).read(0, 8));
    }

    @Test
    void aSaturatedDiskCompletesItsIopsReadsAndWritesTogether() {
        SwapDeviceConfig hdd = preset("hdd");
        SwapDevice disk = new SwapDevice(hdd);
        long lastDone = 0;
        int requests = 1_000;
        for (int i = 0; i < requests; i++) { // all offered at once, alternating: the arm never idles
            disk.forgetBefore(0);
            lastDone = Math.max(lastDone, i % 2 == 0 ? disk.read(0, 1) : disk.write(0, 1));
        }
        double throughput = requests / (lastDone / 1e9);
        assertTrue(Math.abs(throughput / hdd.readIops() - 1) <= 0.01, String.format(
                "%.1f requests/s from a disk of %d IOPS, reads and writes together", throughput, hdd.readIops()));
        double armBusy = disk.armStats().busyNanos() / (double) (lastDone - hdd.writeLatencyNanos() + hdd.writeServiceNanos());
        assertTrue(armBusy > 0.99 && armBusy <= 1.0, String.format("the arm is busy %.4f of the time, its directions "
                + "%.3f and %.3f", armBusy, disk.readStats().busyNanos() / (double) lastDone,
                disk.writeStats().busyNanos() / (double) lastDone));
        assertEquals(requests, disk.armStats().requests(), "the arm serves every request");
        assertEquals(disk.readStats().waitNanos() + disk.writeStats().waitNanos(), disk.armStats().waitNanos());
        assertThrows(IllegalStateException.class, () -> new SwapDevice(SwapDeviceConfig.defaults()).armStats(),
                "flash has no arm");
    }

    @Test
    void aDisksArmCountsTheWaitFromWhenEachRequestWasMade() {
        SwapDeviceConfig hdd = preset("hdd");
        SwapDevice disk = new SwapDevice(hdd);
        disk.read(0, 1);
        disk.write(1_000, 1); // made 1 µs later, it waits for the arm until the read's service ends
        assertEquals(hdd.readServiceNanos() - 1_000, disk.armStats().waitNanos());
        assertEquals(hdd.readServiceNanos() + hdd.writeServiceNanos(), disk.writesBookedUntil(),
                "the write's service ends after the read's and its own");
        assertEquals(1, disk.pagesRead());
        assertEquals(1, disk.pagesWritten());
    }

    @Test
    void flashCountsPagesAndKnowsWhenItsWritesEnd() {
        SwapDeviceConfig nvme = SwapDeviceConfig.defaults();
        SwapDevice flash = new SwapDevice(nvme);
        flash.read(0, 8);
        flash.write(0, 3);
        flash.write(0, 2);
        assertEquals(8, flash.pagesRead());
        assertEquals(5, flash.pagesWritten());
        assertEquals(5 * nvme.writeServiceNanos(), flash.writesBookedUntil(), "five pages' service, back to back");
    }

    @Test
    void aRamDeviceTakesNoDeviceTimeAndARequestNeedsAPage() {
        SwapDevice ram = new SwapDevice(preset("ram"));
        assertEquals(5_000, ram.read(5_000, 8));
        assertEquals(7_000, ram.write(7_000, 1));
        assertEquals(8, ram.pagesRead());
        assertEquals(1, ram.readStats().requests());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ram.read(0, 0));
        assertEquals("a swap request needs at least one page, not 0", e.getMessage());
    }

    /** Returns the built-in device {@code kind} as a scenario naming it alone gets it. */
    private static SwapDeviceConfig preset(String kind) {
        return SwapDeviceModels.builtIn().device("host.swap-device.kind", Named.of(kind), new RandomStreams(1).stream("host/swap-device"));
    }
}
