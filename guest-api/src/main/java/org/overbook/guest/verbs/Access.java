package org.overbook.guest.verbs;

/** Access flags of a memory region, combined with {@code |}, as {@code ibv_access_flags}. */
public final class Access {

    /** The NIC may write the region locally (receive buffers). */
    public static final int LOCAL_WRITE = 1;
    /** A remote peer may RDMA-write the region with its rkey. */
    public static final int REMOTE_WRITE = 1 << 1;
    /** A remote peer may RDMA-read the region with its rkey. */
    public static final int REMOTE_READ = 1 << 2;
    /** On-demand paging: nothing is pinned, whatever the tenant's memory policy ({@code IBV_ACCESS_ON_DEMAND}). */
    public static final int ON_DEMAND = 1 << 3;

    static final int ALL = LOCAL_WRITE | REMOTE_WRITE | REMOTE_READ | ON_DEMAND;

    private Access() {
    }

    /** Returns whether {@code flags} holds only known bits. */
    public static boolean valid(int flags) {
        return (flags & ~ALL) == 0;
    }
}
