package org.overbook.perf.plugin;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.overbook.balloon.policy.AllocationPolicies;
import org.overbook.balloon.policy.AllocationPolicyProvider;
import org.overbook.guest.Registry;
import org.overbook.guest.WorkloadProvider;
import org.overbook.guest.WorkloadRegistry;
import org.overbook.hypervisor.spi.SwapDeviceModelProvider;
import org.overbook.hypervisor.spi.VictimSelectionProvider;
import org.overbook.nic.Policies;
import org.overbook.nic.policy.MemoryPolicyProvider;
import org.overbook.nic.policy.ReceiveFaultPolicyProvider;
import org.overbook.nic.tlb.TlbPartitionProvider;
import org.overbook.nic.tlb.TlbReplacementProvider;

/**
 * Every name a scenario may use, by family: workloads, the testbed's policies (reclaim victim selection,
 * swap devices, memory and receive-fault policies, TLB replacement and partitioning) and balloon allocation policies.
 * One catalog is built per experiment, from the built-ins and the plug-ins, and handed to whatever
 * resolves a name (the scenario checks, the builder, every simulation thread of a sweep): nothing looks a
 * name up in global state, so a plug-in's names resolve on any thread.
 *
 * @param workloads workloads ({@code tenants[].workload.name})
 * @param policies  the testbed's policy families
 * @param balloon   balloon allocation policies ({@code balloon.policy})
 */
public record Catalog(WorkloadRegistry workloads, Policies policies, AllocationPolicies balloon) {

    /** The provider interfaces of every family, the names a plug-in's {@code META-INF/services} files take. */
    public static final List<Class<?>> PROVIDERS = List.of(WorkloadProvider.class, MemoryPolicyProvider.class,
            ReceiveFaultPolicyProvider.class, AllocationPolicyProvider.class, TlbReplacementProvider.class, TlbPartitionProvider.class,
            VictimSelectionProvider.class, SwapDeviceModelProvider.class);

    public Catalog {
        Objects.requireNonNull(workloads, "workloads");
        Objects.requireNonNull(policies, "policies");
        Objects.requireNonNull(balloon, "balloon");
    }

    /**
     * Returns every provider on Overbook's own class path, of every family: the built-ins, and whatever a
     * program put on its class path beside Overbook (all reported as {@value Registry#BUILT_IN}).
     */
    public static Catalog builtIn() {
        return discover(Catalog.class.getClassLoader());
    }

    /**
     * Returns every provider {@code loader} finds, built-in and plug-in alike.
     *
     * @throws org.overbook.guest.ConfigurationException naming {@code --plugins} and the jar at fault
     */
    public static Catalog discover(ClassLoader loader) {
        return new Catalog(WorkloadRegistry.discover(loader), Policies.discover(loader), AllocationPolicies.discover(loader));
    }

    /** Returns this catalog with {@code registry} as its workloads. */
    public Catalog withWorkloads(WorkloadRegistry registry) {
        return new Catalog(registry, policies, balloon);
    }

    /** Returns every family with the scenario field that names one of its entries, in listing order. */
    public Map<String, Registry<?>> families() {
        Map<String, Registry<?>> out = new LinkedHashMap<>();
        out.put("Workloads (tenants[].workload.name, clients[].workload.name)", workloads);
        out.put("Memory policies (nic.memory-policy)", policies.memory());
        out.put("Receive-fault policies (nic.receive-fault-policy)", policies.receiveFault());
        out.put("Balloon policies (balloon.policy)", balloon);
        out.put("TLB replacement policies (nic.tlb.replacement)", policies.tlbReplacement());
        out.put("TLB partitions (nic.tlb.partition)", policies.tlbPartition());
        out.put("Reclaim victim selection (host.reclaim.victim-selection)", policies.victimSelection());
        out.put("Swap devices (host.swap-device.kind)", policies.swapDevices());
        return out;
    }
}
