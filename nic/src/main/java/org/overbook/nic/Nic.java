package org.overbook.nic;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.Units;
import org.overbook.hypervisor.Host;
import org.overbook.hypervisor.HostConfig;
import org.overbook.hypervisor.Tenant;
import org.overbook.hypervisor.TenantConfig;
import org.overbook.hypervisor.sim.RandomStreams;
import org.overbook.nic.dma.FaultPath;
import org.overbook.nic.dma.FaultServicePool;
import org.overbook.nic.dma.HostFaultService;
import org.overbook.nic.dma.MappingWork;
import org.overbook.nic.dma.PcieLink;
import org.overbook.nic.dma.Translator;
import org.overbook.nic.tlb.NicTlb;
import org.overbook.nic.tlb.TlbConfig;
import org.overbook.nic.tlb.TlbPartitionPolicy;
import org.overbook.nic.vf.TranslationWatches;
import org.overbook.nic.vf.VirtualFunction;

/**
 * A host's SR-IOV NIC: the physical function's shared resources (the NIC TLB, the PCIe link its DMA
 * crosses, the driver's fault-service workers) and one virtual function per tenant. It registers with
 * host memory as an invalidation listener, so the host drops a page's translation from the VF's page
 * table and the TLB before it unmaps the page.
 *
 * <p>Design. What SR-IOV shares among a device's functions [1] is shared here, once per NIC: one TLB that every
 * VF's translations compete for (which is what makes CLUSTER 2005's monopolisation possible), one PCIe link, and
 * one pool of fault-service workers behind the device's page-fault event queue [2]; what a function owns (its
 * page table, queue pairs, regions and memory policy) is its {@link VirtualFunction}'s. The host's invalidation
 * reaches a VF's translations synchronously, before the frame is freed, as an MMU notifier's does [3], so no DMA
 * ever reads a frame that has changed owner.
 *
 * <p>References: [1] PCI-SIG, "Single Root I/O Virtualization and Sharing Specification". [2] Linux,
 * drivers/infiniband/hw/mlx5/odp.c ({@code mlx5_ib_create_pf_eq}). [3] A. Arcangeli, "Integrating KVM with the
 * Linux memory management", KVM Forum 2008; I. Lesokhin et al., "Page Fault Support for Network Controllers",
 * ASPLOS 2017.
 */
public final class Nic {

    private final Host host;
    private final NicConfig config;
    private final NicTlb tlb;
    private final PcieLink pcie;
    private final FaultServicePool faultService;
    private final List<VirtualFunction> vfs;

    /**
     * Builds the NIC of {@code host}. Pin-all tenants are checked against what the host can pin before
     * anything is pinned.
     *
     * @param field the scenario path of this NIC, for error messages
     * @throws ConfigurationException naming the field at fault
     */
    public Nic(String field, Host host, NicConfig config) {
        this(field, host, config, Policies.builtIn());
    }

    /**
     * Builds the NIC of {@code host}, its policies resolved by name in {@code policies}.
     *
     * @param field the scenario path of this NIC, for error messages
     * @throws ConfigurationException naming the field at fault
     */
    public Nic(String field, Host host, NicConfig config, Policies policies) {
        RandomStreams random = host.simulation().random();
        config.validate(field, policies, random);
        this.host = host;
        this.config = config;
        int vfCount = host.tenants().size();
        NicConfig.Tlb tlbSettings = config.tlb();
        TlbPartitionPolicy partition = policies.tlbPartition().create(field + ".tlb.partition", tlbSettings.partition(),
                random.stream(streamName(field, "tlb/partition")));
        int quota = partition.capsEntriesPerSet() ? tlbSettings.quota() : tlbSettings.ways();
        TlbConfig tlbConfig;
        try {
            // A host without tenants (a scenario without clients) still has a NIC: its TLB has one idle VF's room.
            tlbConfig = new TlbConfig(tlbSettings.sets(), tlbSettings.ways(), Math.max(1, vfCount),
                    policies.tlbReplacement().create(field + ".tlb.replacement", tlbSettings.replacement(),
                            random.stream(streamName(field, "tlb/replacement"))), partition, quota);
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException(field + ".tlb", e.getMessage());
        }
        requirePinnable(field + ".memory-policy", host.config(), config);
        // the TLB reports each replaced entry to the VFs that watch translations (extended registration)
        TranslationWatches translationWatches = new TranslationWatches(vfCount);
        this.tlb = new NicTlb(tlbConfig, random.stream(streamName(field, "tlb")), translationWatches);
        FaultPath faultPath = FaultPath.parse(field + ".fault-path", config.receive().faultPath());
        this.pcie = new PcieLink(config.pcie().bitsPerSecond(), config.pcie().readLatencyNanos(), host.simulation()::now);
        MappingWork mappingWork = new MappingWork(host.memory(), host.config().costs(), config.costs(), faultPath);
        this.faultService = new FaultServicePool(config.faultWorkers(), new HostFaultService(mappingWork, host.memory().io().cpus()));
        // a prefetch (ibv_advise_mr) is a system call into the driver, never an IOMMU page request
        MappingWork prefetchWork = new MappingWork(host.memory(), host.config().costs(), config.costs(), FaultPath.SOFTWARE);
        List<VirtualFunction> list = new ArrayList<>();
        for (Tenant tenant : host.tenants()) {
            VfCounters counters = new VfCounters();
            Translator translator = new Translator(host.memory(), tenant.table(), tlb, tenant.id(), faultPath,
                    counters, pcie);
            list.add(new VirtualFunction(tenant, host.simulation(), translator, config,
                    policies.memory().create(field + ".memory-policy", config.memoryPolicyOf(tenant.name()),
                            random.stream(streamName(field, "memory-policy/" + tenant.name()))),
                    policies.receiveFault().create(field + ".receive-fault-policy", config.receive().policy(),
                            random.stream(streamName(field, "receive-fault-policy/" + tenant.name()))), counters,
                    faultService, prefetchWork, translationWatches));
        }
        this.vfs = Collections.unmodifiableList(list);
        host.memory().addInvalidationListener((tenantId, page) -> vfs.get(tenantId).translator().invalidate(page));
    }

    /**
     * Checks, before anything is pinned, that the tenants under {@code pin-all} fit in the host's RAM
     * less the free frames reclaim keeps: pinning rules out overcommit.
     *
     * @throws ConfigurationException naming {@code field}
     */
    public static void requirePinnable(String field, HostConfig host, NicConfig config) {
        long pinAllBytes = 0;
        for (TenantConfig tenant : host.tenants()) {
            if ("pin-all".equals(config.memoryPolicyOf(tenant.name()).name())) {
                pinAllBytes += tenant.memoryBytes();
            }
        }
        long frames = host.frames();
        long pinnable = (frames - (long) Math.ceil(frames * host.reclaimHigh()) - 1) * 4096;
        if (pinAllBytes > 0 && pinAllBytes > pinnable) {
            throw new ConfigurationException(field, "pin-all pins every page of its tenants ("
                    + Units.bytes(pinAllBytes) + " in all), but host.memory (" + Units.bytes(host.memoryBytes())
                    + ") can pin at most about " + (pinnable >> 20) + " MiB once reclaim keeps its free frames; accepted: "
                    + "pin-all only for tenants that fit; pinning rules out overcommit, so use on-demand, prefault or "
                    + "pin-down-cache, pin only some tenants (nic.memory-policy-by-tenant), or give the host more memory");
        }
    }

    /**
     * Returns the name of the random stream of {@code part} of the NIC at {@code field} ({@code nic/nic/tlb}, the TLB's;
     * {@code nic/nic/memory-policy/s0}, tenant s0's memory policy's): one per policy instance, so that no two draw alike.
     */
    public static String streamName(String field, String part) {
        return "nic/" + field + "/" + part;
    }

    public Host host() {
        return host;
    }

    public NicConfig config() {
        return config;
    }

    /** Returns the NIC TLB shared by all VFs. */
    public NicTlb tlb() {
        return tlb;
    }

    /**
     * Returns the PCIe link all VFs' DMA crosses (its busy time per direction gives its utilisation), for perf's
     * resource report ({@code dma} is exported to it alone).
     */
    @SuppressWarnings("exports")
    public PcieLink pcie() {
        return pcie;
    }

    /**
     * Returns the driver's fault-service workers (queue waits for the report); their service time is the
     * contended host's ({@link HostFaultService}), for perf's resource report ({@code dma} is exported to it alone).
     */
    @SuppressWarnings("exports")
    public FaultServicePool faultService() {
        return faultService;
    }

    /** Returns the VFs, one per tenant, in tenant order, for perf ({@code vf} is exported to it alone). */
    @SuppressWarnings("exports")
    public List<VirtualFunction> vfs() {
        return vfs;
    }

    /** Returns the VF of tenant {@code tenantId}, for perf ({@code vf} is exported to it alone). */
    @SuppressWarnings("exports")
    public VirtualFunction vf(int tenantId) {
        return vfs.get(tenantId);
    }
}
