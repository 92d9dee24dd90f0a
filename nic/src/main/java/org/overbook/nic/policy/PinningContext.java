package org.overbook.nic.policy;

/**
 * What a memory policy may do to its virtual function's memory. Every operation charges its cost to
 * the tenant's vCPU (it runs in the tenant's library or in a system call it makes). A range must lie within
 * {@code [0, guestBytes())} (an empty one does nothing); one that does not is refused with a
 * {@link org.overbook.guest.verbs.VerbsException} naming the call and the range.
 */
public interface PinningContext {

    /** Pins every page of {@code [address, address + length)} and maps it in the NIC page table. */
    void pin(long address, long length);

    /** Releases the pins {@link #pin} took. */
    void unpin(long address, long length);

    /**
     * Brings every page of the range in and maps it, without pinning ({@code ibv_advise_mr}'s prefetch), with the
     * advice the NIC's access calls for: for writing where the NIC may write (a region registered writable, a
     * receive's buffer); for reading where it only reads (a region registered without write access, a send's
     * buffer), where a page never touched is mapped to the shared zero page and takes no frame.
     */
    void prefetch(long address, long length);

    /** Returns the tenant's guest memory size in bytes. */
    long guestBytes();
}
