package org.overbook.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.guest.Named;
import org.overbook.hypervisor.spi.SwapDeviceConfig;
import org.overbook.hypervisor.spi.SwapDeviceModels;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/**
 * Past the knee the swap device bounds the host, at quick size: ThrashingKneeTest's host (32 MiB of RAM,
 * memcached tenants of about 5.6 MiB of items, knee near 5.6 tenants) at 7 tenants, with KVM's
 * asynchronous page faults on and each client keeping 64 requests outstanding (4 connections × depth 16,
 * what a vCPU may have in flight), so the tenants are not latency-bound by their own clients. The bound is
 * the device's, for the pages each completed request cost it in the measured window: reads (faults and
 * their readahead) and writes (victims' write-back) have a bottleneck each, so the host completes at most
 * min(read IOPS / read pages per request, write IOPS / written pages per request) requests a second.
 * Throughput must be within 25 % of that bound, the busier direction near saturation, and a slower
 * device (sata-ssd: 72k / 33k IOPS against nvme's 490k / 38k) must move throughput by the ratio of the two
 * bounds within 25 %.
 */
class ThrashingBoundTest {

    private static final String SCENARIO = """
            seed: 1
            duration: 100ms
            warm-up: 700ms
            host: {memory: 32MiB, swap: 256MiB, async-page-faults: true, swap-device: {kind: nvme}}
            nic: {memory-policy: on-demand}
            client-host: {memory: 128MiB}
            tenants:
              count: 7
              template: {name: s, memory: 8MiB, workload: {name: memcached, params: {memory-limit: 6MiB}}}
            clients:
              count: 7
              template: {name: c, memory: 4MiB, workload: {name: memaslap, params: {targets: "s${index}", concurrency: 4,
                depth: 16, window: 1280, key-size: 64, value-size: 1024, loop: open, rate: 20000, warmup: 0s, duration: 10s}}}
            sweep:
              "host.swap-device.kind": [nvme, sata-ssd]
            """;

    @TempDir
    Path directory;

    @Test
    void pastTheKneeThroughputIsTheSwapDevicesIopsOverItsPagesPerRequest() {
        ScenarioLoader loader = ScenarioLoader.standard();
        Runner runner = new Runner(loader.registry(), System::nanoTime);
        SwapDeviceModels devices = loader.registry().policies().swapDevices();
        double[] throughput = new double[2];
        double[] bound = new double[2];
        int i = 0;
        for (SweepPoint point : loader.parse(SCENARIO, "thrashing-bound.yaml").points()) {
            RunResult result = runner.run(point, directory.resolve("p" + point.index())).result();
            String kind = i == 0 ? "nvme" : "sata-ssd";
            SwapDeviceConfig device = devices.device("host.swap-device.kind", Named.of(kind), new SplittableRandom(/* seed= */ 1));
            Map<String, Number> total = result.total();
            throughput[i] = total.get(Metrics.THROUGHPUT).doubleValue();
            double readPages = total.get("server_swap_read_pages_per_s").doubleValue() / throughput[i];
            double writePages = total.get("server_swap_write_pages_per_s").doubleValue() / throughput[i];
            bound[i] = Math.min(device.readIops() / readPages, device.writeIops() / writePages);
            double busiest = Math.max(total.get("server_swap_read_utilisation").doubleValue(),
                    total.get("server_swap_write_utilisation").doubleValue());
            String figures = String.format("%s: %.0f ops/s, bound %.0f (%.2f read and %.2f written pages a request), "
                    + "busiest direction %.2f, major faults %d", kind, throughput[i], bound[i], readPages, writePages, busiest,
                    total.get("cpu_major_faults").longValue());
            System.out.println(figures);
            assertTrue(total.get("cpu_major_faults").longValue() > 0, "past the knee the tenants swap: " + figures);
            assertTrue(Math.abs(throughput[i] / bound[i] - 1) <= 0.25, "within 25 % of the device's bound: " + figures);
            assertTrue(busiest >= 0.9, "the device is near saturation: " + figures);
            assertEquals(0, result.mismatches(), figures);
            assertTrue(SteadyState.steady(result), "every client had loaded its keys when the window opened: "
                    + SteadyState.loading(result));
            i++;
        }
        double moved = throughput[0] / throughput[1];
        double expected = bound[0] / bound[1];
        assertTrue(Math.abs(moved / expected - 1) <= 0.25, String.format(
                "nvme over sata-ssd moves throughput %.2fx, the bounds' ratio is %.2fx", moved, expected));
    }
}
