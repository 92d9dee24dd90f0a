package org.overbook.nic.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.overbook.nic.LinkConfig;
import org.overbook.nic.NicConfig;
import org.overbook.nic.Testbed;
import org.overbook.nic.policy.MemoryPolicies;
import org.overbook.nic.policy.ReceiveFaultPolicies;
import org.overbook.nic.vf.VirtualFunction;

/**
 * The data-path contract for every memory policy x every receive-fault policy (5 x 4), each on the
 * transport it is made for: {@code rnr-nack} and {@code system-buffer} on the reliable transport with
 * RDMA writes; {@code drop} and {@code backup-ring} on a datagram transport that loses 1 % of packets,
 * so retransmission after the RTO is part of what must deliver everything.
 */
class ContractMatrixTest {

    static Stream<Arguments> everyPair() {
        return MemoryPolicies.descriptions().keySet().stream().flatMap(memory ->
                ReceiveFaultPolicies.descriptions().keySet().stream().map(receive -> Arguments.of(memory, receive)));
    }

    @ParameterizedTest(name = "{0} x {1}")
    @MethodSource("everyPair")
    void everyByteArrivesIntactAndInOrder(String memoryPolicy, String receivePolicy) throws Exception {
        boolean reliable = receivePolicy.equals("rnr-nack") || receivePolicy.equals("system-buffer");
        boolean pinAll = memoryPolicy.equals("pin-all");
        // pin-all cannot overcommit: the pinned tenant (s0) shares the host with an on-demand one.
        NicConfig nic = NicConfig.of("on-demand")
                .withMemoryPolicies(pinAll ? "on-demand" : memoryPolicy, pinAll ? Map.of("s0", "pin-all") : Map.of())
                .withTransport(reliable ? "reliable" : "datagram", receivePolicy);
        LinkConfig link = reliable ? LinkConfig.fdr() : LinkConfig.fdr().withLoss(0.01);
        int[] pages = pinAll ? new int[] {512, 1536} : new int[] {ContractRun.SERVER_PAGES, ContractRun.SERVER_PAGES};
        ContractRun.execute(nic, link, reliable, pages, testbed -> checkReceivePolicy(testbed, memoryPolicy, receivePolicy));
    }

    /**
     * The same contract in 1 KiB packets (messages of up to 16 packets), on-demand, under every receive-fault
     * policy: faults land in the middle of messages, and each policy must resume there.
     */
    @ParameterizedTest(name = "on-demand x {0}, MTU 1024")
    @MethodSource("receivePolicies")
    void everyByteArrivesIntactInSmallPackets(String receivePolicy) throws Exception {
        boolean reliable = receivePolicy.equals("rnr-nack") || receivePolicy.equals("system-buffer");
        NicConfig nic = NicConfig.of("on-demand").withTransport(reliable ? "reliable" : "datagram", receivePolicy);
        LinkConfig link = (reliable ? LinkConfig.fdr() : LinkConfig.fdr().withLoss(0.01)).withMtu(1024);
        ContractRun.execute(nic, link, reliable, new int[] {ContractRun.SERVER_PAGES, ContractRun.SERVER_PAGES},
                testbed -> checkReceivePolicy(testbed, "on-demand", receivePolicy));
    }

    static Stream<String> receivePolicies() {
        return ReceiveFaultPolicies.descriptions().keySet().stream();
    }

    private static void checkReceivePolicy(Testbed testbed, String memoryPolicy, String receivePolicy) {
        VirtualFunction faulting = testbed.serverNic().vf(1); // never pin-all
        boolean pinsBuffers = memoryPolicy.startsWith("pin-");
        switch (receivePolicy) {
            case "backup-ring", "system-buffer" -> {
                if (!pinsBuffers && !memoryPolicy.equals("prefault")) {
                    assertTrue(faulting.counters().staged() > 0, "faulted messages were staged");
                    assertTrue(faulting.stagingArea().peak() > 0);
                }
                assertTrue(faulting.stagingArea().peak() <= faulting.stagingArea().capacity(), "staging never overflowed");
                if (receivePolicy.equals("system-buffer")) {
                    assertEquals(0, faulting.counters().stagingOverflows(), "credits keep the system buffer from overflowing");
                }
            }
            case "rnr-nack" -> assertEquals(0, faulting.counters().drops(), "the reliable transport never drops");
            case "drop" -> assertEquals(0, faulting.counters().staged(), "nothing staged");
            default -> throw new AssertionError(receivePolicy);
        }
    }
}
