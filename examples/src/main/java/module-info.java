/**
 * What a user writes: a workload needing the guest API and nothing else, offered through a
 * {@link org.overbook.guest.WorkloadProvider}; a memory policy needing the NIC's policy SPI, offered
 * through a {@link org.overbook.nic.policy.MemoryPolicyProvider}; one example of every other policy
 * family; and a program driving the experiment API. Providers are declared here with {@code provides} and in {@code META-INF/services} for the class path.
 */
module org.overbook.examples {
    requires org.overbook.guest;
    requires org.overbook.hypervisor;
    requires org.overbook.nic;
    requires org.overbook.balloon;
    requires org.overbook.perf;

    exports org.overbook.examples;

    provides org.overbook.guest.WorkloadProvider with org.overbook.examples.ExampleWorkloads;
    provides org.overbook.nic.policy.MemoryPolicyProvider with org.overbook.examples.PinHeadPolicy;
    provides org.overbook.nic.policy.ReceiveFaultPolicyProvider with org.overbook.examples.RingOrNackReceivePolicy;
    provides org.overbook.nic.tlb.TlbReplacementProvider with org.overbook.examples.MruTlbReplacement;
    provides org.overbook.nic.tlb.TlbPartitionProvider with org.overbook.examples.HalvesTlbPartition;
    provides org.overbook.balloon.policy.AllocationPolicyProvider with org.overbook.examples.EqualSharesBalloonPolicy;
    provides org.overbook.hypervisor.spi.VictimSelectionProvider with org.overbook.examples.FifoVictimSelection,
            org.overbook.examples.SampledVictimSelection;
    provides org.overbook.hypervisor.spi.SwapDeviceModelProvider with org.overbook.examples.StripedNvmeSwapDevice;
}
