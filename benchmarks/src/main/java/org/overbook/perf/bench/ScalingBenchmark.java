package org.overbook.perf.bench;

import java.util.List;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.overbook.nic.Testbed;
import org.overbook.perf.scenario.Deployment;
import org.overbook.perf.scenario.ScenarioBuilder;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/**
 * How the cost of a run grows: {@code tenants} small memcached tenants, each loaded by its own memaslap
 * client, for {@code scale} times a base of 20 ms of virtual time (after 2 ms of warm-up). Every tenant
 * does the same work whatever the count, so a linear model keeps requests per wall second flat as the
 * tenants or the duration grow.
 *
 * <p>A tenant is small so that a thousand fit in a few GiB: 4 MiB of guest memory, a 2 MiB cache with
 * 2^12 hash buckets, 4 receive and 4 reply buffers of 2 KiB; its client has 1 MiB, one connection, a
 * window of 512 keys of 16 bytes with 100-byte values. The server host has exactly the tenants' memory
 * plus reclaim's free frames (no overcommit), the client host likewise, and as many pCPUs as the vCPUs need
 * (with the contended host's default 16, 300 tenants complete a few hundred requests in 20 ms instead of
 * ~430,000: the scenario would measure CPU contention, not the cost of the same work). The link runs at 1,000 Gb/s: a
 * thousand such tenants need about 120 Gb/s of replies, more than FDR's 56, and a saturated link would
 * halve each tenant's work instead of measuring the cost of the same work.
 *
 * <p>Timing as {@link EndToEndBenchmark}: one operation is one whole run, the deployment built before
 * and closed after it, outside the timing; secondary scores {@code requests} and {@code events} per
 * wall second. Memory, printed at the end of each fork (one fork per parameter pair, so its peak is that
 * pair's): the JVM's peak resident set ({@code VmHWM}, heap, off-heap frames and the JVM itself), the
 * heap still reachable at the end of a run (after a full GC, before closing the deployment), and the host
 * frames holding guest pages at that point (off-heap, 4 KiB each, both hosts). Allocation per run: add
 * {@code -prof gc}.
 *
 * <p>Run: {@code ./overbook bench Scaling} (tenants 1 to 1,000 at scale 1), and
 * {@code ./overbook bench Scaling -p tenants=100 -p scale=1,2,4} (doubling the duration).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 5)
@Fork(value = 1, jvmArgsAppend = "-XX:+UseParallelGC") // the GC ./overbook runs simulations with
public class ScalingBenchmark {

    /** Per-tenant sizes, in MiB, of a server tenant and of its client. */
    private static final int TENANT_MIB = 4;
    private static final int CLIENT_MIB = 1;

    private static final String SCENARIO = """
            seed: 1
            duration: 20ms
            warm-up: 2ms
            host: {swap: 16MiB, cpus: 0}
            link: {bandwidth: 1000Gbps}
            tenants:
              template:
                name: s
                memory: %dMiB
                workload:
                  name: memcached
                  params: {memory-limit: 2MiB, hash-power: 12, receive-buffers: 4, buffer-size: 2KiB, reply-buffers: 4}
            clients:
              template:
                name: c
                memory: %dMiB
                workload:
                  name: memaslap
                  params: {targets: "s${index}", concurrency: 1, window: 512, key-size: 16, value-size: 100,
                           request-size-max: 2KiB, reply-buffer-size: 2KiB, receive-buffers: 4, start-delay: 10us,
                           warmup: 0s, duration: 10s}
            """.formatted(TENANT_MIB, CLIENT_MIB);

    /**
     * Up to 1,000, where the per-request cost is compared with 10 ({@link ScalingProbe} takes any count).
     * Until the PCIe link moved data in time order this scenario collapsed between 600 and 650 tenants
     * (perf/BENCHMARKS.md "Per-request cost and tenants").
     */
    @Param({"1", "10", "100", "500", "1000"})
    int tenants;

    @Param({"1"})
    int scale;

    private final ScenarioLoader loader = ScenarioLoader.standard();
    private TemporaryDirectory directory;
    private SweepPoint point;
    private Deployment deployment;
    private long maxHeapBytes;
    private long maxFrameBytes;

    @Setup(Level.Trial)
    public void resolve() throws IOException {
        point = point(loader, tenants, scale);
        directory = new TemporaryDirectory();
    }

    /** Returns the scaling scenario with {@code tenants} server tenants and as many clients, {@code scale} x 20 ms. */
    static SweepPoint point(ScenarioLoader loader, int tenants, int scale) {
        return point(loader, tenants, scale, List.of());
    }

    /** The scenario at {@code tenants}, then each {@code field=value} of {@code overrides}, checked as a sweep's are. */
    static SweepPoint point(ScenarioLoader loader, int tenants, int scale, List<String> overrides) {
        var scenario = loader.parse(SCENARIO, "scaling") // each override is checked: the hosts grow before the tenants
                .with("host.memory", hostMiB(tenants, TENANT_MIB) + "MiB")
                .with("client-host.memory", hostMiB(tenants, CLIENT_MIB) + "MiB")
                .with("tenants.count", Integer.toString(tenants))
                .with("clients.count", Integer.toString(tenants))
                .with("duration", 20 * scale + "ms");
        for (String override : overrides) {
            int equals = override.indexOf('=');
            if (equals <= 0) {
                throw new IllegalArgumentException("an override is field=value, not '" + override + "'");
            }
            scenario = scenario.with(override.substring(0, equals), override.substring(equals + 1));
        }
        return scenario.points().getFirst();
    }

    /** RAM for {@code count} tenants of {@code mib} each plus the 2 % reclaim keeps free, whole MiB. */
    private static long hostMiB(int count, int mib) {
        return (long) Math.ceil(count * mib / 0.98) + 1;
    }

    @Setup(Level.Invocation)
    public void build() {
        deployment = new ScenarioBuilder(loader.registry()).build(point.scenario(), directory.path());
    }

    @TearDown(Level.Invocation)
    public void close() {
        System.gc();
        Runtime runtime = Runtime.getRuntime();
        maxHeapBytes = Math.max(maxHeapBytes, runtime.totalMemory() - runtime.freeMemory());
        Testbed testbed = deployment.testbed();
        long frames = testbed.server().memory().usedFrames() + testbed.client().memory().usedFrames();
        maxFrameBytes = Math.max(maxFrameBytes, frames * 4096);
        deployment.close();
    }

    @TearDown(Level.Trial)
    public void report() throws IOException {
        directory.close();
        System.out.printf("%n[memory] tenants %d, scale %d: peak RSS %d MiB, heap reachable after a run %d MiB,"
                + " guest frames %d MiB%n", tenants, scale, peakResidentBytes() >> 20, maxHeapBytes >> 20, maxFrameBytes >> 20);
    }

    /** Returns this JVM's peak resident set size ({@code VmHWM} of /proc/self/status), or -1 where there is none. */
    private static long peakResidentBytes() throws IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.exists(status)) {
            return -1;
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("VmHWM:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) << 10;
            }
        }
        return -1;
    }

    /** Simulates the whole run, warm-up and measured duration. */
    @Benchmark
    public void run(Simulated simulated) {
        deployment.runToEnd();
        simulated.requests += CompletedRequests.of(deployment);
        simulated.events += deployment.testbed().simulation().dispatched();
    }
}
