package org.overbook.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.overbook.hypervisor.sim.PhysicalCpus;
import org.overbook.hypervisor.sim.Simulation;
import org.overbook.hypervisor.sim.Vcpu;
import org.overbook.hypervisor.spi.SwapDeviceConfig;
import org.overbook.hypervisor.swap.SwapDevice;

/**
 * The resource sampler on the real model: three CPU-bound vCPUs on two pCPUs (the CPUs saturate) and a swap device
 * taking Poisson reads at half its IOPS, sampled every millisecond as the runner samples, a 20 ms warm-up then 80 ms.
 */
class ResourceSamplerTest {

    private static final long SEED = 5;
    private static final long MS = 1_000_000;

    private static ResourceSeries run() {
        Simulation sim = new Simulation(SEED);
        PhysicalCpus cpus = new PhysicalCpus(sim, 2, 3 * MS);
        for (int i = 0; i < 3; i++) {
            Vcpu vcpu = new Vcpu(sim, cpus, false);
            Runnable[] task = new Runnable[1];
            task[0] = () -> {
                vcpu.charge(50_000);
                vcpu.submit(task[0]);
            };
            sim.schedule(0, () -> vcpu.submit(task[0]));
        }
        SwapDevice device = new SwapDevice(SwapDeviceConfig.defaults());
        UniformRandomProvider random = sim.random().provider("reads");
        double lambda = 0.5 / device.config().readServiceNanos();
        for (double at = 0; at < 100 * MS; at += -Math.log1p(-random.nextDouble()) / lambda) {
            sim.scheduleAt((long) at, () -> device.read(sim.now(), 1));
        }
        ResourceSampler sampler = new ResourceSampler(sim, List.of(
                new ResourceProbe("server_cpu", "server CPUs", cpus::snapshot, cpus::busyNanos, List.of()),
                new ResourceProbe("server_swap_read", "server swap device reads", () -> device.readStats().snapshot(), null,
                        List.of(new ResourceProbe.Rate("pages_read", device::pagesRead)))));
        sampler.sample();
        for (long t = MS; t <= 100 * MS; t += MS) {
            sim.runUntil(t);
            sampler.sample();
            if (t == 20 * MS) {
                sampler.markWarmUp();
            }
        }
        return sampler.series();
    }

    @Test
    void theWindowAndTheIntervalsMeasureWhatTheModelDid() {
        ResourceSeries series = run();
        assertEquals(101, series.samples());
        assertEquals(20, series.warmUpSample());
        ResourceWindow cpu = series.window(0);
        assertEquals(1.0, cpu.usage().utilisation(), 0.01, "three CPU-bound vCPUs keep two pCPUs busy");
        assertEquals(2, cpu.serverUtilisation().size());
        cpu.serverUtilisation().forEach(u -> assertEquals(1.0, u, 0.01, "each pCPU busy"));
        assertTrue(cpu.usage().meanWaitNanos() > 0, "a vCPU waits for a pCPU: " + cpu.usage());
        ResourceWindow swap = series.window(1);
        assertEquals(0.5, swap.usage().utilisation(), 0.05, "seed " + SEED + ": reads offered at half the IOPS");
        double readsPerSecond = swap.ratesPerSecond().get("pages_read");
        assertEquals(swap.usage().requestsPerSecond(), readsPerSecond, 1e-9, "one page per read");
        assertEquals(245_000, readsPerSecond, 245_000 * 0.05, "seed " + SEED);
        for (int k = series.warmUpSample(); k < series.samples() - 1; k++) {
            assertEquals(1.0, series.utilisation(k, 0), 0.05, "CPUs in interval " + k);
        }
        assertEquals("server_cpu_utilisation", cpu.columns().keySet().iterator().next());
        assertTrue(cpu.columns().containsKey("server_cpu1_utilisation"));
        assertTrue(swap.columns().containsKey("server_swap_read_pages_read_per_s"));
    }

    @Test
    void theCpusAreNamedAsSaturatedFromTheFirstMeasuredInterval() {
        Saturation verdict = Saturation.of(run());
        assertEquals(Saturation.Status.SATURATED, verdict.status());
        assertEquals("server CPUs", verdict.resource().label());
        assertEquals(20 * MS, verdict.firstNanos());
        assertEquals(List.of(), verdict.alsoSaturated());
    }

    @Test
    void samplingIsDeterministic() {
        assertEquals(run(), run());
    }
}
