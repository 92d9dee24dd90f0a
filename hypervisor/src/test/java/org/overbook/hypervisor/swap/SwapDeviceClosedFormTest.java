package org.overbook.hypervisor.swap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.overbook.hypervisor.resource.ResourceSnapshot;
import org.overbook.hypervisor.sim.RandomStreams;

/**
 * The swap device alone against queueing theory. Requests arrive as a Poisson process (exponential
 * inter-arrival times from a seeded stream, booked in time order, as the model books them), so the wait
 * before the device's bottleneck is that of an M/G/1 queue, whose mean is Pollaczek–Khinchine's
 * {@code W = λ E[S²] / (2 (1 - ρ))}: with reads alone the service is deterministic (M/D/1,
 * {@code E[S²] = S²}); with reads and writes mixed it is a two-point distribution.
 *
 * <p>Sample sizes: the estimator of the mean wait has a relative standard deviation of a few per cent at
 * {@code ρ = 0.9} with the counts below (M/D/1's asymptotic variance; the mix, whose service varies more,
 * gets more requests), so a 10 % tolerance is several standard deviations wide. The queue depth (128) is
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
            if (random.nextDouble() < readFraction) {
                device.read((long) at, 1);
            } else {
                device.write((long) at, 1);
            }
        }
        return device;
    }

    private static double meanWait(SwapDevice device) {
        ResourceSnapshot s = device.stats().snapshot();
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
        double got = meanWait(device);
        assertTrue(Math.abs(got - expected) <= 0.10 * expected, String.format(
                "seed %d, rho %.1f, M/D/1 S = %.0f ns: mean wait %.1f ns, Pollaczek-Khinchine %.1f ns (%+.1f %%)",
                SEED, rho, service, got, expected, 100 * (got / expected - 1)));
    }

    @ParameterizedTest(name = "70 % reads, 30 % writes at utilisation {0}")
    @ValueSource(doubles = {0.5, 0.8, 0.9})
    void aReadWriteMixWaitsAsMG1(double rho) {
        SwapDeviceConfig nvme = SwapDeviceConfig.defaults();
        double reads = 0.7;
        double r = nvme.readServiceNanos();
        double w = nvme.writeServiceNanos();
        double meanService = reads * r + (1 - reads) * w;
        double secondMoment = reads * r * r + (1 - reads) * w * w;
        double lambda = rho / meanService;
        SwapDevice device = poisson(nvme, lambda, reads, 2_000_000, SEED + 1);
        double expected = lambda * secondMoment / (2 * (1 - rho));
        double got = meanWait(device);
        assertTrue(Math.abs(got - expected) <= 0.10 * expected, String.format(
                "seed %d, rho %.1f, E[S] = %.0f ns, E[S^2] = %.4g ns^2: mean wait %.1f ns, Pollaczek-Khinchine %.1f ns"
                        + " (%+.1f %%)", SEED + 1, rho, meanService, secondMoment, got, expected,
                100 * (got / expected - 1)));
    }

    @ParameterizedTest(name = "{0}: a read alone takes its QD1 latency")
    @CsvSource({"nvme", "optane", "sata-ssd"})
    void aReadAloneTakesItsQueueDepthOneLatency(String kind) {
        SwapDeviceConfig config = SwapDeviceConfig.preset("kind", kind);
        SwapDevice device = new SwapDevice(config);
        long first = 1_000;
        assertEquals(config.readLatencyNanos(), device.read(first, 1) - first);
        long later = 10_000_000; // long after the first has left
        assertEquals(config.readLatencyNanos(), device.read(later, 1) - later);
        assertEquals(0, device.stats().waitNanos());
    }

    /**
     * FAILS on the model as committed (f15d739), so disabled: a write alone on the default {@code nvme}
     * device takes one bottleneck service, 1 / 38k IOPS = 26,316 ns, not the preset's 20,000 ns write latency,
     * because the bottleneck's service per write (1 / write IOPS) is longer than the QD1 write latency and
     * the device adds {@code max(0, latency - service)} after it. The same holds for {@code hdd} reads
     * (1 / 86 IOPS = 11,627,907 ns against 11,600,000 ns). Real drives absorb a lone write in their cache.
     */
    @Disabled("model bug, reported: a lone nvme write takes 26,316 ns (1/write-IOPS), not its 20,000 ns QD1 latency")
    @Test
    void aWriteAloneTakesItsQueueDepthOneLatency() {
        SwapDeviceConfig nvme = SwapDeviceConfig.defaults();
        SwapDevice device = new SwapDevice(nvme);
        assertEquals(nvme.writeLatencyNanos(), device.write(0, 1));
    }

    @ParameterizedTest(name = "{0} saturated completes its read IOPS")
    @CsvSource({"nvme", "optane", "sata-ssd", "hdd"})
    void atSaturationTheDeviceCompletesItsIops(String kind) {
        SwapDeviceConfig config = SwapDeviceConfig.preset("kind", kind);
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
            lastDone = Math.max(lastDone, device.read((long) at, 1));
        }
        double throughput = requests / ((lastDone - first) / 1e9);
        assertTrue(Math.abs(throughput / config.readIops() - 1) <= 0.01, String.format(
                "seed %d, %s: %.0f reads/s at saturation, IOPS %d", SEED + 2, kind, throughput, config.readIops()));
    }
}
