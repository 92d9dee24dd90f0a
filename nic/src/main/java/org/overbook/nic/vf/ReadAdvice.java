package org.overbook.nic.vf;

import org.overbook.guest.verbs.Access;
import org.overbook.nic.policy.PinningContext;

/**
 * The context a memory policy gets where the NIC only reads: a region registered without write access, or a
 * send's buffer before it is posted. Its prefetch is {@code ibv_advise_mr} with {@code IBV_ADVISE_MR_ADVICE_PREFETCH},
 * the only prefetch such a region accepts (mlx5's {@code get_prefetchable_mr} refuses {@code PREFETCH_WRITE} on a
 * region that is not writable): a page never touched is mapped to the shared zero page and takes no frame. Pinning
 * is the virtual function's own.
 */
final class ReadAdvice implements PinningContext {

    private final VirtualFunction vf;

    ReadAdvice(VirtualFunction vf) {
        this.vf = vf;
    }

    /** Returns whether the NIC may write a region of {@code access} (the kernel's {@code ib_access_writable}). */
    static boolean nicWrites(int access) {
        return (access & (Access.LOCAL_WRITE | Access.REMOTE_WRITE)) != 0;
    }

    @Override
    public void pin(long address, long length) {
        vf.pin(address, length);
    }

    @Override
    public void unpin(long address, long length) {
        vf.unpin(address, length);
    }

    @Override
    public void prefetch(long address, long length) {
        vf.prefetch(address, length, /* forWrite= */ false);
    }

    @Override
    public long guestBytes() {
        return vf.guestBytes();
    }
}
