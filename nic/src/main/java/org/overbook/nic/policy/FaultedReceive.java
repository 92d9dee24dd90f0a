package org.overbook.nic.policy;

/**
 * A message that arrived for a destination the NIC cannot write now: a page is not present in the
 * NIC page table. A {@link ReceiveFaultPolicy} decides what becomes of it.
 */
public interface FaultedReceive {

    /** Returns whether the transport is reliable (InfiniBand RC: it can NACK) or a datagram one (Ethernet). */
    boolean reliable();

    /** Answers the sender with an RNR NACK: it waits its RNR timer and retransmits (reliable only). */
    void rnrNack();

    /** Discards the message; the sender's transport recovers (by its retransmission timeout). */
    void drop();

    /** Resolves the missing pages in the background (the driver's page-fault handler). */
    void resolveInBackground();

    /**
     * Parks the message in the VF's staging area (backup ring or system buffer) and has the host copy it
     * to its destination once the fault is resolved, keeping completion order. Resolution is started
     * here. Returns false, parking nothing, if the area has no room.
     */
    boolean stage();

    /** Refuses the message as the transport allows: RNR NACK on the reliable one, a drop on the datagram one. */
    default void refuse() {
        if (reliable()) {
            rnrNack();
        } else {
            drop();
        }
    }
}
