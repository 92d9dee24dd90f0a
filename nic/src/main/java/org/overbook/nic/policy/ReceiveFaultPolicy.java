package org.overbook.nic.policy;

/**
 * What the NIC does with a message whose destination page is not present (docs/ARCHITECTURE.md, "The data
 * path"). Registered by name through a {@link ReceiveFaultPolicyProvider}; see docs/PLUGINS.md.
 */
public interface ReceiveFaultPolicy {

    /** Returns the name scenarios use. */
    String name();

    /** Returns whether this policy works on the reliable transport, the datagram one, or both. */
    boolean supports(boolean reliable);

    /** Returns whether senders hold credits for this VF's staging area (NetVM's flow control). */
    default boolean creditsPerQueuePair() {
        return false;
    }

    /** Decides the fate of a faulted message. */
    void onFault(FaultedReceive receive);
}
