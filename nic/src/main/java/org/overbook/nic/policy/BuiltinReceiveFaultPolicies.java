package org.overbook.nic.policy;

/**
 * Registers the receive-fault policies that ship with Overbook, the way a plug-in registers its own.
 *
 * <ul>
 *   <li>{@code rnr-nack} (InfiniBand, ASPLOS 2017): the NIC answers RNR NACK and resolves the fault;
 *       the sender waits its RNR timer and retransmits.
 *   <li>{@code drop} (Ethernet without help): the packet is discarded and the fault resolved; the
 *       sender's transport retransmits after its timeout (200 ms minimum, as Linux TCP).
 *   <li>{@code backup-ring} (ASPLOS 2017, Ethernet): the packet is parked in a pinned, driver-owned
 *       ring and copied to its buffer once the fault is resolved, in order; a full ring falls back to
 *       refusing the packet (a drop on Ethernet), counted as an overflow.
 *   <li>{@code system-buffer} (NetVM): the packet goes to an intermediate host buffer and reaches the
 *       guest with one copy after the page is brought in; senders hold credits for the buffer, so it
 *       can never overflow.
 * </ul>
 */
public final class BuiltinReceiveFaultPolicies implements ReceiveFaultPolicyProvider {

    @Override
    public void registerReceiveFaultPolicies(ReceiveFaultPolicies registry) {
        registry.register("rnr-nack", "answer RNR NACK; the sender retries after its RNR timer (InfiniBand)", RnrNack::new);
        registry.register("drop", "discard the packet; the sender retransmits after its RTO (Ethernet)", Drop::new);
        registry.register("backup-ring", "park the packet in a pinned ring, copy it once the fault is resolved (ASPLOS 2017)", BackupRing::new);
        registry.register("system-buffer", "redirect to a host buffer, one copy after the page-in; credit flow control (NetVM)", SystemBuffer::new);
    }

    static final class RnrNack implements ReceiveFaultPolicy {
        @Override
        public String name() {
            return "rnr-nack";
        }

        @Override
        public boolean supports(boolean reliable) {
            return reliable;
        }

        @Override
        public void onFault(FaultedReceive receive) {
            receive.rnrNack();
            receive.resolveInBackground();
        }
    }

    static final class BackupRing implements ReceiveFaultPolicy {
        @Override
        public String name() {
            return "backup-ring";
        }

        @Override
        public boolean supports(boolean reliable) {
            return true;
        }

        @Override
        public void onFault(FaultedReceive receive) {
            if (!receive.stage()) {
                receive.refuse();
                receive.resolveInBackground();
            }
        }
    }

    static final class SystemBuffer implements ReceiveFaultPolicy {
        @Override
        public String name() {
            return "system-buffer";
        }

        @Override
        public boolean supports(boolean reliable) {
            return true;
        }

        @Override
        public boolean creditsPerQueuePair() {
            return true;
        }

        @Override
        public void onFault(FaultedReceive receive) {
            if (!receive.stage()) {
                throw new IllegalStateException("system buffer overflow: a sender transmitted without a credit");
            }
        }
    }

    static final class Drop implements ReceiveFaultPolicy {
        @Override
        public String name() {
            return "drop";
        }

        @Override
        public boolean supports(boolean reliable) {
            return !reliable;
        }

        @Override
        public void onFault(FaultedReceive receive) {
            receive.drop();
            receive.resolveInBackground();
        }
    }
}
