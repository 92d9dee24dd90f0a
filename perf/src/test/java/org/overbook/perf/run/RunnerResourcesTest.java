package org.overbook.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/** A run measures its hosts' contended resources, over the window and over time, consistently with the tenants. */
class RunnerResourcesTest {

    @TempDir
    Path directory;

    @Test
    void aRunOnTwoPcpusMeasuresTheCpusTheSwapPathKswapdAndTheDevice() {
        String yaml = SmallScenarios.MEMCACHED.replace("host: {memory: 64MiB, swap: 64MiB}",
                "host: {memory: 64MiB, swap: 64MiB, cpus: 2}");
        SweepPoint point = ScenarioLoader.standard().parse(yaml, "two-cpus.yaml").points().getFirst();
        RunResult result = Runner.standard(ScenarioLoader.standard().registry()).run(point, directory).result();
        ResourceSeries rs = result.resources();
        List<String> keys = rs.windows().stream().map(ResourceWindow::key).toList();
        assertEquals("server_cpu", keys.getFirst(), keys.toString());
        assertTrue(keys.containsAll(List.of("server_swap_path", "server_kswapd", "server_swap_read", "server_swap_write")), keys.toString());
        assertTrue(keys.stream().noneMatch(k -> k.equals("client_cpu")), "the client host's CPUs are unlimited");
        ResourceWindow cpu = rs.window(0);
        assertEquals(2, rs.lanes(0));
        assertEquals(2, cpu.serverUtilisation().size());
        assertEquals(cpu.usage().utilisation(), (cpu.serverUtilisation().get(0) + cpu.serverUtilisation().get(1)) / 2, 1e-9,
                "the CPUs' utilisation is the mean of the pCPUs'");
        assertTrue(cpu.usage().utilisation() > 0 && cpu.usage().utilisation() <= 1, cpu.usage().toString());
        assertEquals(result.timeSeries().samples(), rs.samples(), "sampled with the tenants' time series");
        assertEquals(result.timeSeries().warmUpSample(), rs.warmUpSample());
        // the server tenants' vCPU time in the window is the CPU time the pCPUs served them, at most
        double vcpuBusy = result.tenants().stream().filter(t -> t.host().equals("server"))
                .mapToDouble(t -> t.value("vcpu_busy_ns")).sum();
        double served = rs.servedNanos(rs.samples() - 1, 0) - rs.servedNanos(rs.warmUpSample(), 0);
        assertTrue(vcpuBusy > 0 && vcpuBusy <= rs.bookedNanos(rs.samples() - 1, 0) - rs.bookedNanos(0, 0),
                vcpuBusy + " ns of vCPU time, " + served + " ns served in the window");
        assertEquals(cpu.usage().utilisation(), result.total().get("server_cpu_utilisation").doubleValue(), 0);
        assertTrue(result.total().containsKey("server_swap_write_pages_per_s"));
        assertTrue(result.total().containsKey("server_cpu1_utilisation"));
    }

    @Test
    void aDiskIsMeasuredAsItsOneArm() {
        String yaml = SmallScenarios.MEMCACHED.replace("host: {memory: 64MiB, swap: 64MiB}",
                "host: {memory: 64MiB, swap: 64MiB, swap-device: {kind: hdd}}");
        SweepPoint point = ScenarioLoader.standard().parse(yaml, "hdd.yaml").points().getFirst();
        RunResult result = Runner.standard(ScenarioLoader.standard().registry()).run(point, directory).result();
        List<String> keys = result.resources().windows().stream().map(ResourceWindow::key).toList();
        assertTrue(keys.contains("server_swap_arm"), keys.toString());
        assertTrue(keys.stream().noneMatch(k -> k.equals("server_swap_read") || k.equals("server_swap_write")),
                "a disk's reads and writes share its arm, so they are one resource: " + keys);
        assertTrue(result.total().containsKey("server_swap_arm_pages_read_per_s"), result.total().keySet().toString());
        assertTrue(result.total().containsKey("server_swap_arm_pages_written_per_s"));
    }
}
