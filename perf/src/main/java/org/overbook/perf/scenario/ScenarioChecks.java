package org.overbook.perf.scenario;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.Units;
import org.overbook.guest.Workload;
import org.overbook.perf.plugin.Catalog;
import org.overbook.hypervisor.HostConfig;
import org.overbook.hypervisor.sim.RandomStreams;
import org.overbook.hypervisor.spi.VictimSelections;
import org.overbook.nic.LinkConfig;
import org.overbook.nic.Nic;
import org.overbook.nic.NicConfig;
import org.overbook.nic.tlb.TlbConfig;
import org.overbook.nic.tlb.TlbPartitionPolicy;
import org.overbook.nic.vf.StagingArea;
import org.overbook.workloads.MessageSizes;
import org.overbook.workloads.RdmaWrites;
import org.overbook.workloads.VerifiedKeys;

/**
 * Checks a read {@link Scenario} before anything is allocated or run, so that a sweep fails on its
 * first bad point before any point runs.
 *
 * <p>The domain records check themselves: {@link HostConfig#validate()} (sizes, watermarks, unique
 * names, tenants' memory within RAM + swap), {@link NicConfig#validate(String)} (TLB geometry, policy
 * names, transport), {@link TlbConfig}'s constructor (quota, static partitions), the balloon's
 * {@code resolve} (policy, periods, thresholds, reservations) and each workload's factory (its
 * parameters), {@link LinkConfig#validate(String, boolean)} and {@link Nic#requirePinnable} (what
 * pin-all can pin). What is checked here is what only the scenario knows: the two hosts together,
 * targets across the link, that no two verifying clients write the same keys to one server, that no workload
 * posts RDMA writes over the datagram transport, and that the system buffer's credits carry every workload's largest
 * message.
 */
final class ScenarioChecks {

    private static final Path NO_DIRECTORY = Path.of(".");
    /** Workload parameters that name the tenants a workload connects to, by the convention of the built-in workloads. */
    private static final Set<String> CONNECTS_TO = Set.of("target", "targets", "peer", "peers");

    private ScenarioChecks() {
    }

    /** Throws a {@link ConfigurationException} naming the first field at fault. */
    static void check(Scenario s, Catalog catalog) {
        if (s.durationNanos() <= 0) {
            throw new ConfigurationException("duration", s.durationNanos() + " ns; accepted: a positive duration such as 2s");
        }
        if (s.warmUpNanos() > Long.MAX_VALUE - s.durationNanos()) {
            throw new ConfigurationException("warm-up", s.warmUpNanos() + " ns plus the duration overflows virtual time; accepted: "
                    + "a warm-up and duration under 292 years together");
        }
        HostConfig server = s.serverHostConfig(NO_DIRECTORY, catalog.policies().swapDevices());
        server.validate();
        RandomStreams random = new RandomStreams(s.seed());
        catalog.policies().victimSelection().check(VictimSelections.FIELD, s.host().victimSelection(), (int) server.frames(),
                random.stream(VictimSelections.STREAM));
        checkClientHost(s);
        s.nic().validate("nic", catalog.policies(), random);
        tlb(s.nic().tlb(), s.tenants().size(), "", catalog, random);
        if (!s.clients().isEmpty()) {
            tlb(s.nic().tlb(), s.clients().size(), " (on the client NIC, one VF per client)", catalog, random);
        }
        for (String tenant : s.nic().pinning().byTenant().keySet()) {
            if (!s.tenantNames().contains(tenant)) {
                throw new ConfigurationException("nic.memory-policy-by-tenant." + tenant, "no server tenant called '" + tenant
                        + "'; server tenants: " + String.join(", ", s.tenantNames()));
            }
        }
        Nic.requirePinnable("nic.memory-policy", server, s.nic());
        s.link().validate("link", s.nic().reliable());
        s.balloon().config().resolve(server, catalog.balloon());
        for (TenantSpec tenant : s.tenants()) {
            Workload created = workload(tenant, catalog, s.clientNames(), "client");
            checkTransport(s, tenant, created);
            checkCredits(s, tenant, created, catalog, random);
        }
        Map<String, String> verifiedBy = new HashMap<>();
        for (TenantSpec client : s.clients()) {
            Workload created = workload(client, catalog, s.tenantNames(), "server");
            checkTransport(s, client, created);
            checkCredits(s, client, created, catalog, random);
            if (created instanceof VerifiedKeys verified && verified.verifiedKeyPrefix() != null) {
                checkKeysOwned(client, verified, verifiedBy);
            }
        }
    }

    /** A workload that posts RDMA writes needs the reliable transport: a datagram queue pair refuses them. */
    private static void checkTransport(Scenario s, TenantSpec tenant, Workload created) {
        if (!s.nic().reliable() && created instanceof RdmaWrites writer && writer.rdmaWrites() != null) {
            throw new ConfigurationException("nic.transport", "datagram carries no RDMA write, and " + tenant.workload().field()
                    + " (" + tenant.workload().name() + ") posts them: " + writer.rdmaWrites() + "; accepted: reliable, or "
                    + "workloads that only send");
        }
    }

    /**
     * Under NetVM's system buffer a sender holds credits for a whole message before it sends it (a 4 KiB slot a packet),
     * so each workload's largest message must need no more credits than a queue pair holds, on either host's NIC.
     */
    private static void checkCredits(Scenario s, TenantSpec tenant, Workload created, Catalog catalog, RandomStreams random) {
        if (!(created instanceof MessageSizes sized)
                || !catalog.policies().receiveFault().create("nic.receive-fault-policy", s.nic().receive().policy(),
                        random.stream(Nic.streamName("nic", "receive-fault-policy"))).creditsPerQueuePair()) {
            return;
        }
        int credits = s.nic().receive().systemBufferCredits();
        int needed = StagingArea.creditsFor(sized.largestMessageBytes(), s.link().mtu());
        if (needed > credits) {
            throw new ConfigurationException("nic.system-buffer-credits", credits + " credits cannot carry the largest message of "
                    + tenant.workload().field() + " (" + tenant.workload().name() + "), " + sized.largestMessageBytes()
                    + " bytes, which takes " + needed + " (a 4 KiB credit a packet of up to link.mtu " + s.link().mtu()
                    + " bytes); accepted: at least " + needed + ", a larger link.mtu, or smaller messages");
        }
    }

    /**
     * Two clients in verify mode must not write the same keys to the same server: each would read the other's values
     * and count them as mismatches, a data-integrity failure the model did not commit.
     */
    private static void checkKeysOwned(TenantSpec client, VerifiedKeys verified, Map<String, String> verifiedBy) {
        String prefix = verified.verifiedKeyPrefix();
        for (String target : verified.verifiedTargets()) {
            String other = verifiedBy.putIfAbsent(target + "\n" + prefix, client.name());
            if (other != null) {
                throw new ConfigurationException(client.workload().field() + ".params.key-prefix", "'" + prefix + "' (the default"
                        + " unless given) is also the key prefix of " + other + ", which writes and verifies the same keys on "
                        + target + ": each would count the other's sets as mismatches; accepted: a prefix of its own for each"
                        + " client (for example key-prefix: \"c${index}:\"), or verify: false");
            }
        }
    }

    /** The client host holds its tenants pinned: no swap, no overcommit; names unique across hosts. */
    private static void checkClientHost(Scenario s) {
        long pinned = s.clients().stream().mapToLong(TenantSpec::memoryBytes).sum();
        long memory = s.clientHost().memoryBytes();
        if (memory > 0 && memory % GuestMemory.PAGE_SIZE == 0 && pinned > pinnable(memory, HostConfig.DEFAULT_RECLAIM_HIGH)) {
            throw new ConfigurationException("client-host.memory", Units.bytes(memory) + " cannot hold the clients' memory ("
                    + Units.bytes(pinned) + " in all), which is pinned, plus the free frames reclaim keeps ("
                    + (int) (HostConfig.DEFAULT_RECLAIM_HIGH * 100) + " %); accepted: at least about "
                    + Units.bytes(roundUpToMiB((long) ((pinned + 2 * GuestMemory.PAGE_SIZE) / (1 - HostConfig.DEFAULT_RECLAIM_HIGH))))
                    + ", or smaller clients");
        }
        try {
            s.clientHostConfig(NO_DIRECTORY).validate();
        } catch (ConfigurationException e) {
            throw new ConfigurationException(e.field().replaceFirst("^host\\.", "client-host.").replaceFirst("^tenants", "clients"),
                    e.problem());
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
    private static void tlb(NicConfig.Tlb tlb, int vfs, String where, Catalog catalog, RandomStreams random) {
        TlbPartitionPolicy partition = catalog.policies().tlbPartition().create("nic.tlb.partition", tlb.partition(),
                random.stream(Nic.streamName("nic", "tlb/partition")));
        int quota = partition.capsEntriesPerSet() ? tlb.quota() : tlb.ways();
        try {
            new TlbConfig(tlb.sets(), tlb.ways(), vfs, catalog.policies().tlbReplacement().create("nic.tlb.replacement", tlb.replacement(),
                    random.stream(Nic.streamName("nic", "tlb/replacement"))), partition, quota);
        } catch (IllegalArgumentException e) {
            String message = e.getMessage();
            String field = message.startsWith("quota") ? "nic.tlb.quota"
                    : message.startsWith("vfs") ? "nic.tlb.partition"
                    : message.startsWith("sets * ways") ? "nic.tlb.ways" : "nic.tlb";
            throw new ConfigurationException(field, message + where);
        }
    }

    private static long pinnable(long memoryBytes, double reclaimHigh) {
        long frames = memoryBytes / GuestMemory.PAGE_SIZE;
        return (frames - (long) Math.ceil(frames * reclaimHigh) - 1) * GuestMemory.PAGE_SIZE;
    }

    private static long roundUpToMiB(long bytes) {
        return Math.ceilDiv(bytes, 1L << 20) << 20;
    }

    /**
     * Creates the workload once, so its name and parameters are checked; its target, targets or peer must be across the
     * link. Returns it, for checks across workloads.
     */
    private static Workload workload(TenantSpec tenant, Catalog catalog, List<String> otherSide, String sideName) {
        WorkloadSpec w = tenant.workload();
        Workload created = w.create(catalog.workloads(), tenant.memoryBytes());
        for (Map.Entry<String, Object> param : w.params().entrySet()) {
            for (String name : connectsTo(param)) {
                if (!otherSide.contains(name)) {
                    throw new ConfigurationException(w.field() + ".params." + param.getKey(), "no " + sideName + " tenant called '"
                            + name + "' (connections cross the link); accepted: " + String.join(", ", otherSide));
                }
            }
        }
        return created;
    }

    /**
     * Returns the tenants a workload parameter names as those it connects to (a target, targets or peer parameter,
     * comma-separated or a list), or none for any other parameter.
     */
    static List<String> connectsTo(Map.Entry<String, Object> param) {
        if (!CONNECTS_TO.contains(param.getKey())) {
            return List.of();
        }
        Object value = param.getValue();
        String names = value instanceof List<?> list ? String.join(",", list.stream().map(String::valueOf).toList()) : value.toString();
        return Arrays.stream(names.split(",")).map(String::strip).filter(name -> !name.isEmpty()).toList();
    }
}
