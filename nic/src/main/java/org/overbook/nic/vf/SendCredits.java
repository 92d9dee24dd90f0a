package org.overbook.nic.vf;

/**
 * NetVM's credit-based flow control for one requester: it may have at most {@code limit} slots of the peer's
 * system buffer outstanding; a message takes the slots it will stage before it is read, and its
 * acknowledgement gives them back. A requester not under flow control has none of these.
 */
final class SendCredits {

    private final int limit;
    private int held;

    SendCredits(int granted) {
        this.limit = granted;
        this.held = granted;
    }

    int limit() {
        return limit;
    }

    /** Takes {@code slots} credits if that many are held; returns false (taking none) otherwise. */
    boolean take(int slots) {
        if (slots > held) {
            return false;
        }
        held -= slots;
        return true;
    }

    /** Gives back the {@code slots} an acknowledged message held. */
    void giveBack(int slots) {
        held += slots;
    }
}
