package org.overbook.perf.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.Named;
import org.overbook.nic.NicConfig;
import org.overbook.nic.NicCosts;

/**
 * Reads {@code nic} into a {@link NicConfig}, with field names as {@link NicConfig#validate(String)}
 * reports them, so its errors point at the right line of the file.
 */
final class NicReader {

    private NicReader() {
    }

    static NicConfig read(Section root, NicCosts costs) {
        Section nic = root.section("nic", "tlb", "memory-policy", "memory-policy-by-tenant", "pin-down-cache", "transport",
                "receive-fault-policy", "fault-path", "backup-ring-slots", "system-buffer-credits", "prefetch-window", "pcie",
                "fault-workers");
        Section tlb = nic.section("tlb", "sets", "ways", "replacement", "partition", "quota");
        Section cache = nic.section("pin-down-cache", "bytes", "regions");
        Section pcie = nic.section("pcie", "bandwidth", "read-latency");
        return new NicConfig(
                new NicConfig.Tlb(tlb.integer("sets"), tlb.integer("ways"), tlb.named("replacement", "a TLB replacement policy"),
                        tlb.named("partition", "a TLB partition policy"), tlb.integer("quota")),
                new NicConfig.Pinning(nic.named("memory-policy", "a memory policy"), byTenant(nic),
                        cache.bytes("bytes"), cache.integer("regions")),
                new NicConfig.Receive(nic.text("transport", "a transport"), nic.named("receive-fault-policy", "a receive-fault policy"),
                        nic.text("fault-path", "a fault path"), nic.integer("backup-ring-slots"),
                        nic.integer("system-buffer-credits"), nic.bytes("prefetch-window")),
                new NicConfig.Pcie(pcie.bitsPerSecond("bandwidth"), pcie.nanos("read-latency")),
                nic.integer("fault-workers"), costs);
    }

    /** Reads {@code nic.memory-policy-by-tenant}: tenant name to memory policy, each as {@code memory-policy} is written. */
    private static Map<String, Named> byTenant(Section nic) {
        JsonNode map = nic.raw("memory-policy-by-tenant");
        String field = nic.field("memory-policy-by-tenant");
        if (!map.isObject()) {
            throw new ConfigurationException(field, Section.describe(map) + " is of the wrong type; accepted: "
                    + "a section of tenant: memory-policy, such as {s0: pin-all}");
        }
        List<String> tenants = new ArrayList<>();
        map.fieldNames().forEachRemaining(tenants::add);
        Section byTenant = Section.open(field, map, tenants.toArray(String[]::new));
        Map<String, Named> out = new LinkedHashMap<>();
        for (String tenant : tenants) {
            out.put(tenant, byTenant.named(tenant, "a memory policy"));
        }
        return out;
    }
}
