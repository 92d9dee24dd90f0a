package org.overbook.nic;

import java.util.Objects;
import org.overbook.hypervisor.spi.SwapDeviceModels;
import org.overbook.hypervisor.spi.VictimSelections;
import org.overbook.nic.policy.MemoryPolicies;
import org.overbook.nic.policy.ReceiveFaultPolicies;
import org.overbook.nic.tlb.TlbPartitions;
import org.overbook.nic.tlb.TlbReplacements;

/**
 * The registries a testbed resolves its policy names in: reclaim victim selection and swap devices (the hosts), memory
 * and receive-fault policies and TLB replacement and partitioning (the NICs). {@link #builtIn()} holds
 * what ships with Overbook; {@link #discover(ClassLoader)} adds what a plug-in loader's jars provide.
 * Passed in, never global, so two testbeds in one JVM (a sweep's threads) share no state.
 *
 * @param victimSelection reclaim victim selections ({@code host.reclaim.victim-selection})
 * @param memory          memory policies ({@code nic.memory-policy})
 * @param receiveFault    receive-fault policies ({@code nic.receive-fault-policy})
 * @param tlbReplacement  TLB replacement policies ({@code nic.tlb.replacement})
 * @param tlbPartition    TLB partition policies ({@code nic.tlb.partition})
 * @param swapDevices     swap device kinds ({@code host.swap-device.kind})
 */
public record Policies(VictimSelections victimSelection, MemoryPolicies memory, ReceiveFaultPolicies receiveFault,
                       TlbReplacements tlbReplacement, TlbPartitions tlbPartition, SwapDeviceModels swapDevices) {

    public Policies {
        Objects.requireNonNull(victimSelection, "victimSelection");
        Objects.requireNonNull(memory, "memory");
        Objects.requireNonNull(receiveFault, "receiveFault");
        Objects.requireNonNull(tlbReplacement, "tlbReplacement");
        Objects.requireNonNull(tlbPartition, "tlbPartition");
        Objects.requireNonNull(swapDevices, "swapDevices");
    }

    /** Returns the built-in policies alone. */
    public static Policies builtIn() {
        return new Policies(VictimSelections.builtIn(), MemoryPolicies.builtIn(), ReceiveFaultPolicies.builtIn(),
                TlbReplacements.builtIn(), TlbPartitions.builtIn(), SwapDeviceModels.builtIn());
    }

    /**
     * Returns every policy {@code loader} finds through {@link java.util.ServiceLoader}: the built-ins and a
     * plug-in loader's jars.
     *
     * @throws org.overbook.guest.ConfigurationException naming {@code --plugins} and the jar at fault
     */
    public static Policies discover(ClassLoader loader) {
        return new Policies(VictimSelections.discover(loader), MemoryPolicies.discover(loader), ReceiveFaultPolicies.discover(loader),
                TlbReplacements.discover(loader), TlbPartitions.discover(loader), SwapDeviceModels.discover(loader));
    }
}
