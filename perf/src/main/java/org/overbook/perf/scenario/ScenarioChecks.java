package org.overbook.perf.scenario;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.WorkloadRegistry;
import org.overbook.hypervisor.HostConfig;
import org.overbook.nic.LinkConfig;
import org.overbook.nic.NicConfig;
import org.overbook.nic.tlb.TlbConfig;
import org.overbook.nic.tlb.TlbPartition;
import org.overbook.nic.tlb.TlbReplacement;

/**
 * Checks a read {@link Scenario} before anything is allocated or run, so that a sweep fails on its
 * first bad point before any point runs.
 *
 * <p>The domain records check themselves: {@link HostConfig#validate()} (sizes, watermarks, unique
 * names, tenants' memory within RAM + swap), {@link NicConfig#validate(String)} (TLB geometry, policy
 * names, transport), {@link TlbConfig}'s constructor (quota, static partitions), the balloon's
 * {@code resolve} (policy, periods, thresholds, reservations) and each workload's factory (its
 * parameters). What is checked here is what only the scenario knows (the two hosts together, targets
 * across the link) and two rules whose domain code is not reachable from this module: the link's ranges
 * ({@code LinkConfig.validate} is package-private) and what pin-all can pin ({@code Nic.requirePinnable}
 * runs only once the hosts exist). Each copy names its original; keep them in step.
 */
final class ScenarioChecks {

    private static final Path NO_DIRECTORY = Path.of(".");
    /** Workload parameters that name the tenants a workload connects to, by the convention of the built-in workloads. */
    private static final Set<String> CONNECTS_TO = Set.of("target", "targets", "peer");

    private ScenarioChecks() {
    }

    /** Throws a {@link ConfigurationException} naming the first field at fault. */
    static void check(Scenario s, WorkloadRegistry registry) {
        if (s.durationNanos() <= 0) {
            throw new ConfigurationException("duration", s.durationNanos() + " ns; accepted: a positive duration such as 2s");
        }
        if (s.warmUpNanos() > Long.MAX_VALUE - s.durationNanos()) {
            throw new ConfigurationException("warm-up", s.warmUpNanos() + " ns plus the duration overflows virtual time; accepted: "
                    + "a warm-up and duration under 292 years together");
        }
        HostConfig server = s.serverHostConfig(NO_DIRECTORY);
        server.validate();
        checkClientHost(s);
        s.nic().validate("nic");
        tlb(s.nic().tlb(), s.tenants().size(), "");
        tlb(s.nic().tlb(), s.clients().size(), " (on the client NIC, one VF per client)");
        for (String tenant : s.nic().pinning().byTenant().keySet()) {
            if (!s.tenantNames().contains(tenant)) {
                throw new ConfigurationException("nic.memory-policy-by-tenant." + tenant, "no server tenant called '" + tenant
                        + "'; server tenants: " + String.join(", ", s.tenantNames()));
            }
        }
        pinAll(s, server);
        link(s.link(), s.nic().reliable());
        s.balloon().config().resolve(server);
        for (TenantSpec tenant : s.tenants()) {
            workload(tenant, registry, s.clientNames(), "client");
        }
        for (TenantSpec client : s.clients()) {
            workload(client, registry, s.tenantNames(), "server");
        }
    }

    /** The client host holds its tenants pinned: no swap, no overcommit; names unique across hosts. */
    private static void checkClientHost(Scenario s) {
        long pinned = s.clients().stream().mapToLong(TenantSpec::memoryBytes).sum();
        long memory = s.clientHost().memoryBytes();
        if (memory > 0 && memory % GuestMemory.PAGE_SIZE == 0 && pinned > pinnable(memory, HostConfig.DEFAULT_RECLAIM_HIGH)) {
            throw new ConfigurationException("client-host.memory", HostConfig.bytes(memory) + " cannot hold the clients' memory ("
                    + HostConfig.bytes(pinned) + " in all), which is pinned, plus the free frames reclaim keeps ("
                    + (int) (HostConfig.DEFAULT_RECLAIM_HIGH * 100) + " %); accepted: at least about "
                    + HostConfig.bytes(roundUpToMiB((long) ((pinned + 2 * GuestMemory.PAGE_SIZE) / (1 - HostConfig.DEFAULT_RECLAIM_HIGH))))
                    + ", or smaller clients");
        }
        try {
            s.clientHostConfig(NO_DIRECTORY).validate();
        } catch (ConfigurationException e) {
            throw new ConfigurationException(e.field().replaceFirst("^host\\.", "client-host.").replaceFirst("^tenants", "clients"),
                    e.getMessage().substring(e.field().length() + 2));
        }
        for (int i = 0; i < s.clients().size(); i++) {
            String name = s.clients().get(i).name();
            if (s.tenantNames().contains(name)) {
                throw new ConfigurationException("clients[" + i + "].name", "'" + name
                        + "' is also a server tenant; accepted: a name unique across both hosts");
            }
        }
    }

    /** As {@code Nic}'s constructor builds its TLB, so that a geometry it would refuse is refused now. */
    private static void tlb(NicConfig.Tlb tlb, int vfs, String where) {
        TlbPartition partition = TlbPartition.parse(tlb.partition());
        int quota = partition == TlbPartition.QUOTA ? tlb.quota() : tlb.ways();
        try {
            new TlbConfig(tlb.sets(), tlb.ways(), vfs, TlbReplacement.parse(tlb.replacement()), partition, quota);
        } catch (IllegalArgumentException e) {
            String message = e.getMessage();
            String field = message.startsWith("quota") ? "nic.tlb.quota"
                    : message.startsWith("vfs") ? "nic.tlb.partition"
                    : message.startsWith("sets * ways") ? "nic.tlb.ways" : "nic.tlb";
            throw new ConfigurationException(field, message + where);
        }
    }

    /** A copy of {@code Nic.requirePinnable}: pin-all tenants must fit in RAM less reclaim's free frames. */
    private static void pinAll(Scenario s, HostConfig server) {
        long pinAllBytes = 0;
        for (TenantSpec tenant : s.tenants()) {
            if ("pin-all".equals(s.nic().memoryPolicyOf(tenant.name()))) {
                pinAllBytes += tenant.memoryBytes();
            }
        }
        long pinnable = pinnable(server.memoryBytes(), server.reclaimHigh());
        if (pinAllBytes > pinnable) {
            throw new ConfigurationException("nic.memory-policy", "pin-all pins every page of its tenants ("
                    + HostConfig.bytes(pinAllBytes) + " in all), but host.memory (" + HostConfig.bytes(server.memoryBytes())
                    + ") can pin at most about " + (pinnable >> 20) + " MiB once reclaim keeps its free frames; accepted: "
                    + "pin-all only for tenants that fit; pinning rules out overcommit, so use on-demand, prefault or "
                    + "pin-down-cache, pin only some tenants (nic.memory-policy-by-tenant), or give the host more memory");
        }
    }

    private static long pinnable(long memoryBytes, double reclaimHigh) {
        long frames = memoryBytes / GuestMemory.PAGE_SIZE;
        return (frames - (long) Math.ceil(frames * reclaimHigh) - 1) * GuestMemory.PAGE_SIZE;
    }

    private static long roundUpToMiB(long bytes) {
        return Math.ceilDiv(bytes, 1L << 20) << 20;
    }

    /** A copy of {@code LinkConfig.validate}. */
    private static void link(LinkConfig link, boolean reliable) {
        if (link.bitsPerSecond() <= 0) {
            throw new ConfigurationException("link.bandwidth", link.bitsPerSecond() + " b/s; accepted: a positive rate such as 56Gbps");
        }
        if (!(link.lossRate() >= 0 && link.lossRate() < 1)) {
            throw new ConfigurationException("link.loss", link.lossRate() + " is not a probability; accepted: a number in [0, 1)");
        }
        if (link.lossRate() > 0 && reliable) {
            throw new ConfigurationException("link.loss", link.lossRate() + " with transport reliable; accepted: 0, since the "
                    + "reliable transport models a lossless InfiniBand fabric (loss needs nic.transport: datagram)");
        }
    }

    /** Creates the workload once, so its name and parameters are checked; its target, targets or peer must be across the link. */
    private static void workload(TenantSpec tenant, WorkloadRegistry registry, List<String> otherSide, String sideName) {
        WorkloadSpec w = tenant.workload();
        w.create(registry);
        for (Map.Entry<String, Object> param : w.params().entrySet()) {
            if (!CONNECTS_TO.contains(param.getKey())) {
                continue;
            }
            for (String target : param.getValue().toString().split(",")) {
                String name = target.strip();
                if (!name.isEmpty() && !otherSide.contains(name)) {
                    throw new ConfigurationException(w.field() + ".params." + param.getKey(), "no " + sideName + " tenant called '"
                            + name + "' (connections cross the link); accepted: " + String.join(", ", otherSide));
                }
            }
        }
    }
}
