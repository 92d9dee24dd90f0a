package org.overbook.perf.bench;

import com.sun.management.ThreadMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.JMException;
import javax.management.ObjectName;
import org.overbook.guest.ConfigurationException;
import org.overbook.nic.Testbed;
import org.overbook.perf.scenario.Deployment;
import org.overbook.perf.scenario.ScenarioBuilder;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/**
 * The A/B measure of how cost grows with tenants on a shared machine: runs {@link ScalingBenchmark}'s scenario
 * ({@code TENANTS} memcached tenants and as many memaslap clients, {@code SCALE} x 20 ms) several times in one JVM
 * and prints, for each run, the simulation thread's CPU time per request and per event, events per request, bytes
 * allocated per request (building left out, as in {@link CpuTimeProbe}), and, after the last run, the heap
 * reachable with the deployment still open (after a full GC), the host frames holding guest pages (off-heap),
 * and, when the JVM runs with {@code -XX:NativeMemoryTracking=summary}, its native memory beyond the heap and
 * those frames (the JVM's own code, metaspace, GC tables and threads, the partly filled 2 MiB chunks frames are
 * allocated in, and any native memory the model holds): compared between two tenant counts, its growth per
 * tenant is the off-heap memory a tenant costs beyond its touched frames. On Linux the frames live on huge-page
 * mappings ({@code HugePageChunks}) that Native Memory Tracking does not see, so the tracked figure is printed
 * as it is (already beyond the frames); where frames come from the JVM's allocator it includes them. (The swap
 * store's file mapping is not native memory the JVM tracks; it grows with what is swapped, not with tenants.)
 *
 * <p>Run (from the repository; the launcher builds it and adds its JVM options):
 * {@code ./overbook probe ScalingProbe TENANTS SCALE RUNS [field=value ...]}, e.g. {@code 1000 1 3}; the
 * optional scenario overrides let a comparison hold the model's own work constant across tenant counts, e.g.
 * {@code nic.tlb.sets=65536}, a NIC TLB large enough that 1,000 tenants' translations never evict each other.
 */
public final class ScalingProbe {

    private ScalingProbe() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 3) {
            System.err.println("usage: ScalingProbe TENANTS SCALE RUNS [field=value ...] (e.g. 1000 1 3 nic.tlb.sets=65536)");
            System.exit(2);
        }
        int tenants = Integer.parseInt(args[0]);
        ScenarioLoader loader = ScenarioLoader.standard();
        SweepPoint point;
        try {
            point = ScalingBenchmark.point(loader, tenants, Integer.parseInt(args[1]), List.of(args).subList(3, args.length));
        } catch (ConfigurationException | IllegalArgumentException e) {
            System.err.println("ScalingProbe: " + e.getMessage());
            System.exit(2);
            return;
        }
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().threadId();
        int runs = Integer.parseInt(args[2]);
        for (int run = 0; run < runs; run++) {
            try (TemporaryDirectory directory = new TemporaryDirectory();
                 Deployment deployment = new ScenarioBuilder(loader.registry()).build(point.scenario(), directory.path())) {
                long allocated = threads.getThreadAllocatedBytes(thread);
                long cpu = threads.getCurrentThreadCpuTime();
                deployment.runToEnd();
                cpu = threads.getCurrentThreadCpuTime() - cpu;
                allocated = threads.getThreadAllocatedBytes(thread) - allocated;
                long requests = CompletedRequests.of(deployment);
                long events = deployment.testbed().simulation().dispatched();
                System.out.printf("tenants %d run %d: %d requests, %.1f events per request; cpu %.2f s, %.0f ns per request,"
                                + " %.1f ns per event; %d bytes allocated per request%n", tenants, run, requests,
                        (double) events / requests, cpu / 1e9, (double) cpu / requests, (double) cpu / events,
                        allocated / requests);
                if (run == runs - 1) {
                    System.gc();
                    Runtime runtime = Runtime.getRuntime();
                    long heap = runtime.totalMemory() - runtime.freeMemory();
                    Testbed testbed = deployment.testbed();
                    long frames = (testbed.server().memory().usedFrames() + testbed.client().memory().usedFrames()) * 4096;
                    System.out.printf("tenants %d: heap reachable %.1f MiB (%.0f KiB per tenant and client pair),"
                                    + " guest frames %.1f MiB%n", tenants, heap / 1048576.0, heap / 1024.0 / tenants,
                            frames / 1048576.0);
                    long nativeBeyondHeap = nativeBeyondHeapBytes();
                    if (nativeBeyondHeap >= 0) {
                        System.out.printf("tenants %d: native memory the JVM tracks beyond the heap %.1f MiB (%.0f KiB per"
                                + " tenant and client pair; guest frames on huge-page mappings are not in it, frames from the"
                                + " JVM's allocator are)%n", tenants, nativeBeyondHeap / 1048576.0, nativeBeyondHeap / 1024.0 / tenants);
                    }
                }
            }
        }
    }

    /**
     * Returns the JVM's committed native memory less its committed heap, from Native Memory Tracking's summary,
     * or -1 when tracking is off.
     */
    private static long nativeBeyondHeapBytes() {
        String summary;
        try {
            summary = (String) ManagementFactory.getPlatformMBeanServer().invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"), "vmNativeMemory",
                    new Object[] {new String[] {"summary", "scale=KB"}}, new String[] {String[].class.getName()});
        } catch (JMException e) {
            return -1;
        }
        Matcher total = Pattern.compile("Total: reserved=\\d+KB, committed=(\\d+)KB").matcher(summary);
        Matcher heap = Pattern.compile("Java Heap \\(reserved=\\d+KB, committed=(\\d+)KB").matcher(summary);
        if (!total.find() || !heap.find()) {
            return -1;
        }
        return (Long.parseLong(total.group(1)) - Long.parseLong(heap.group(1))) << 10;
    }
}
