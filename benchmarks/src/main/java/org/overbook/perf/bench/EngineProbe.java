package org.overbook.perf.bench;

import com.sun.management.ThreadMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.overbook.hypervisor.Host;
import org.overbook.hypervisor.HostConfig;
import org.overbook.hypervisor.TenantConfig;
import org.overbook.workloads.memcached.MemcachedEngine;
import org.overbook.workloads.memcached.MemcachedSettings;
import org.overbook.workloads.memcached.protocol.MessageBuffer;

/**
 * The memcached engine alone, on real tenants of a real host with room for all their items: the CPU cost
 * of parsing, executing and answering a request with no NIC, client or event kernel around it. Each tenant
 * runs an engine with the default scenario's cache limit, loaded with {@code KEYS} keys of 64 B and 1 KiB
 * values; then rounds of 500,000 requests (90 % get, 10 % set, tenant and key uniform from a fixed seed)
 * print nothing until the last, which prints the least CPU time per request of rounds 1 and later (round 0
 * warms the JIT) and the bytes the thread allocated per request. The defaults (4 tenants, 24,576 keys
 * each) are point 4's servers; {@code 1 512} keeps everything in the CPU's caches, which shows how much
 * of the cost is memory latency.
 *
 * <p>Run (after a build): {@code java <the JVM options of ./overbook> -cp "$(ls benchmarks/target/benchmarks-*.jar):$(cat
 * benchmarks/target/classpath.txt)" org.overbook.perf.bench.EngineProbe ROUNDS [TENANTS KEYS]}, e.g. {@code 8}.
 */
public final class EngineProbe {

    private static final int VALUE_BYTES = 1024;
    private static final int REQUESTS_PER_ROUND = 500_000;

    private EngineProbe() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1 && args.length != 3) {
            System.err.println("usage: EngineProbe ROUNDS [TENANTS KEYS] (e.g. 8, or 8 1 512)");
            System.exit(2);
        }
        int rounds = Integer.parseInt(args[0]);
        int tenants = args.length > 1 ? Integer.parseInt(args[1]) : 4;
        int keys = args.length > 1 ? Integer.parseInt(args[2]) : 24_576;
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().threadId();
        List<TenantConfig> list = new ArrayList<>();
        for (int t = 0; t < tenants; t++) {
            list.add(new TenantConfig("s" + t, 60L << 20));
        }
        try (TemporaryDirectory directory = new TemporaryDirectory();
             Host host = Host.create(HostConfig.of((long) tenants * (64L << 20) + (64L << 20), 64L << 20,
                     directory.path(), 1, list))) {
            MemcachedEngine[] engines = new MemcachedEngine[tenants];
            for (int t = 0; t < tenants; t++) {
                engines[t] = new MemcachedEngine(host.tenant(t).guest(), MemcachedSettings.defaults().withMemoryLimit(48L << 20));
            }
            byte[][] sets = new byte[keys][];
            byte[][] gets = new byte[keys][];
            for (int k = 0; k < keys; k++) {
                String key = String.format("%064d", k * 7_919L);
                sets[k] = setMessage(key, k);
                gets[k] = ("get " + key + "\r\n").getBytes(StandardCharsets.US_ASCII);
            }
            MessageBuffer reply = new MessageBuffer(4096);
            for (MemcachedEngine engine : engines) {
                for (byte[] set : sets) {
                    reply.clear();
                    engine.execute(set, 0, set.length, reply);
                }
            }
            SplittableRandom random = new SplittableRandom(42);
            double least = Double.MAX_VALUE;
            long allocated = 0;
            for (int round = 0; round < rounds; round++) {
                long bytes = threads.getThreadAllocatedBytes(thread);
                long cpu = threads.getCurrentThreadCpuTime();
                for (int i = 0; i < REQUESTS_PER_ROUND; i++) {
                    int tenant = random.nextInt(tenants);
                    int key = random.nextInt(keys);
                    byte[] message = random.nextInt(10) == 0 ? sets[key] : gets[key];
                    reply.clear();
                    engines[tenant].execute(message, 0, message.length, reply);
                }
                cpu = threads.getCurrentThreadCpuTime() - cpu;
                allocated = threads.getThreadAllocatedBytes(thread) - bytes;
                if (round > 0) {
                    least = Math.min(least, cpu / (double) REQUESTS_PER_ROUND);
                }
            }
            System.out.printf("%d tenants, %d keys: least %.1f ns of CPU per request over rounds 1-%d; %d bytes allocated per request%n",
                    tenants, keys, least, rounds - 1, allocated / REQUESTS_PER_ROUND);
        }
    }

    private static byte[] setMessage(String key, int k) {
        byte[] head = ("set " + key + " 0 0 " + VALUE_BYTES + "\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] message = new byte[head.length + VALUE_BYTES + 2];
        System.arraycopy(head, 0, message, 0, head.length);
        for (int i = 0; i < VALUE_BYTES; i++) {
            message[head.length + i] = (byte) ('a' + (k + i) % 26);
        }
        message[message.length - 2] = '\r';
        message[message.length - 1] = '\n';
        return message;
    }
}
