package org.overbook.perf.fuzz;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Draws a small random scenario from a seed, as YAML text a user could have written: a few milliseconds to about
 * 80 ms of virtual time, 1 to 6 server tenants ({@link TenantMix}) on a host from comfortable to 3x overcommitted,
 * and every mechanism the scenario reference offers drawn over its range: the NIC's memory policy (per tenant now and
 * then), pin-down cache bounds, transport and receive-fault policy, fault path, prefetch window, fault workers, NIC
 * TLB shape, replacement and partitioning, PCIe and link, ballooning and its policies, the swap device and the swap
 * path, reclaim watermarks, physical CPUs on both hosts, and the costs a datagram transport depends on.
 *
 * <p>Most draws stay inside what the scenario checks accept, but not all: a pinning policy on an overcommitted host,
 * a receive-fault policy the transport does not allow, a workload that does not fit its guest. Those must be refused
 * with a one-line error naming the field, which the runner counts.
 */
public final class ScenarioGenerator {

    private static final long MIB = 1L << 20;
    private static final YAMLMapper YAML = YAMLMapper.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .build();

    private ScenarioGenerator() {
    }

    /** Returns the scenario of {@code seed}: the same seed, the same text. */
    public static String scenario(long seed) {
        Draw draw = new Draw(seed);
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("seed", draw.between(1, 1_000_000));
        int warmUpMs = draw.pick(0, 0, 2, 5, 10, 20);
        root.put("warm-up", warmUpMs + "ms");
        root.put("duration", draw.pick(2, 5, 10, 20, 40, 60) + "ms");
        String transport = draw.pick("reliable", "reliable", "datagram");
        // RDMA writes need the reliable transport: over datagram, workloads that post them come now and then, to be refused
        TenantMix mix = TenantMix.draw(draw, 6, transport.equals("reliable") || draw.chance(0.1));
        root.put("host", host(draw, mix.tenantBytes()));
        root.put("client-host", clientHost(draw, mix.clientBytes()));
        root.put("nic", nic(draw, transport, mix.tenantNames()));
        root.put("link", link(draw, transport));
        if (draw.chance(0.35)) {
            root.put("balloon", balloon(draw, mix.tenantNames()));
        }
        if (transport.equals("datagram") && draw.chance(0.7)) {
            root.put("costs", Map.of("rto", draw.pick("500us", "2ms", "10ms")));
        }
        root.put("tenants", mix.tenants());
        if (!mix.clients().isEmpty()) {
            root.put("clients", mix.clients());
        }
        try {
            return YAML.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, Object> host(Draw draw, long tenantBytes) {
        Map<String, Object> host = new LinkedHashMap<>();
        double overcommit = draw.pick(0.6, 1.0, 1.5, 2.0, 3.0);
        long memoryMib = Math.max(4, (long) Math.ceil(tenantBytes / overcommit / MIB));
        host.put("memory", memoryMib + "MiB");
        host.put("swap", draw.chance(0.95) ? tenantBytes / MIB + 8 + "MiB" : draw.pick("1MiB", "4MiB"));
        host.put("cpus", draw.pick(0, 1, 2, 4, 16));
        if (draw.chance(0.2)) {
            host.put("cpu-slice", draw.pick("50us", "1ms"));
        }
        host.put("async-page-faults", draw.chance(0.3));
        host.put("swap-device", Map.of("kind", draw.pick("nvme", "optane", "sata-ssd", "hdd", "ram")));
        host.put("page-cluster", draw.between(0, 4));
        if (draw.chance(0.2)) {
            host.put("swap-path", Map.of("pages-per-second", draw.pick(1000, 650_000)));
        }
        if (draw.chance(0.2)) {
            Map<String, Object> reclaim = new LinkedHashMap<>();
            reclaim.put("min", 0.02);
            reclaim.put("low", 0.04);
            reclaim.put("high", draw.pick(0.05, 0.2));
            host.put("reclaim", reclaim);
        }
        return host;
    }

    private static Map<String, Object> clientHost(Draw draw, long clientBytes) {
        Map<String, Object> host = new LinkedHashMap<>();
        host.put("memory", (long) Math.ceil(clientBytes * 1.1 / MIB) + 8 + "MiB");
        host.put("cpus", draw.pick(0, 0, 1, 2));
        return host;
    }

    private static Map<String, Object> nic(Draw draw, String transport, List<String> tenants) {
        Map<String, Object> nic = new LinkedHashMap<>();
        Map<String, Object> tlb = new LinkedHashMap<>();
        int ways = draw.pick(1, 2, 4, 8);
        tlb.put("sets", draw.pick(1, 4, 16, 16, 64, 512));
        tlb.put("ways", ways);
        tlb.put("replacement", draw.pick("lru", "fifo", "random"));
        String partition = draw.pick("shared", "static", "quota");
        tlb.put("partition", partition);
        if (partition.equals("quota")) {
            tlb.put("quota", draw.between(1, ways));
        }
        nic.put("tlb", tlb);
        List<String> policies = List.of("pin-all", "pin-on-register", "pin-down-cache", "on-demand", "on-demand", "prefault",
                "prefault");
        nic.put("memory-policy", draw.pick(policies));
        if (draw.chance(0.15)) {
            nic.put("memory-policy-by-tenant", Map.of(draw.pick(tenants), draw.pick(policies)));
        }
        if (draw.chance(0.5)) {
            Map<String, Object> cache = new LinkedHashMap<>();
            cache.put("bytes", draw.pick("64KiB", "1MiB", "8MiB"));
            cache.put("regions", draw.pick(1, 4, 1024));
            nic.put("pin-down-cache", cache);
        }
        nic.put("transport", transport);
        String faulting = transport.equals("reliable") ? "rnr-nack" : "drop";
        String policy = draw.chance(0.05) ? draw.pick("rnr-nack", "drop") // now and then, one the transport refuses
                : draw.pick(faulting, faulting, "backup-ring", "system-buffer");
        nic.put("receive-fault-policy", policy);
        nic.put("fault-path", draw.pick("software", "software", "iommu"));
        if (draw.chance(0.4)) {
            nic.put("backup-ring-slots", draw.pick(1, 4, 64));
        }
        if (draw.chance(0.4)) {
            nic.put("system-buffer-credits", draw.pick(1, 64, 1024));
        }
        nic.put("prefetch-window", draw.pick("0", "4KiB", "64KiB", "4MiB"));
        nic.put("fault-workers", draw.pick(1, 2, 32));
        if (draw.chance(0.2)) {
            nic.put("pcie", Map.of("bandwidth", draw.pick("8Gbps", "400Gbps")));
        }
        return nic;
    }

    private static Map<String, Object> link(Draw draw, String transport) {
        Map<String, Object> link = new LinkedHashMap<>();
        link.put("bandwidth", draw.pick("10Gbps", "56Gbps", "200Gbps"));
        link.put("latency", draw.pick("600ns", "5us"));
        link.put("mtu", draw.pick(256, 1024, 4096));
        if (transport.equals("datagram") && draw.chance(0.5)) {
            link.put("loss", draw.pick(0.001, 0.01, 0.1));
        }
        return link;
    }

    private static Map<String, Object> balloon(Draw draw, List<String> tenants) {
        Map<String, Object> balloon = new LinkedHashMap<>();
        balloon.put("enabled", draw.chance(0.8));
        String policy = draw.pick("static", "proportional", "idle-tax");
        balloon.put("policy", policy);
        balloon.put("idle-tax", draw.pick(0.0, 0.5, 0.75, 0.95));
        balloon.put("reallocation-period", draw.pick("1ms", "5ms", "20ms"));
        balloon.put("sampling-period", draw.pick("2ms", "10ms"));
        balloon.put("sample-pages", draw.pick(10, 100));
        balloon.put("state-check-period", draw.pick("1ms", "5ms"));
        if (draw.chance(0.5)) {
            Map<String, Object> tenant = new LinkedHashMap<>();
            tenant.put("name", draw.pick(tenants));
            tenant.put("min", draw.pick("0", "1MiB"));
            tenant.put(policy.equals("static") ? "target" : "shares", policy.equals("static") ? "2MiB" : draw.pick(1, 1000));
            balloon.put("tenants", List.of(tenant));
        }
        return balloon;
    }
}
