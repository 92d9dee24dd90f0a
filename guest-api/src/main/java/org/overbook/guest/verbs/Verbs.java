package org.overbook.guest.verbs;

import java.util.function.Consumer;

/**
 * A tenant's virtual function. Calls are charged to the tenant's vCPU (registration pins pages under
 * pinning policies, so it can be slow), and whatever they post leaves at the vCPU's current time.
 */
public interface Verbs {

    /**
     * Registers {@code [address, address + length)} with {@link Access} flags. Under a pinning memory
     * policy the pages are pinned (and faulted in) now; with {@link Access#ON_DEMAND} or an on-demand
     * policy nothing is pinned and the NIC faults pages in as it touches them.
     */
    MemoryRegion register(long address, long length, int access);

    /**
     * Registers with a listener told, after the upcall latency, whenever the NIC TLB replaces one of
     * the region's translations (the extended registration API of CLUSTER 2005).
     */
    MemoryRegion register(long address, long length, int access, TranslationListener listener);

    /** Deregisters a region; its keys stop working at once. */
    void deregister(MemoryRegion region);

    /** Brings the pages of a range of a region in and fills the NIC's page table (ibv_advise_mr prefetch). */
    void advise(MemoryRegion region, long address, long length);

    /** Creates a completion queue of {@code capacity} entries, a power of two. */
    CompletionQueue createCompletionQueue(int capacity);

    /**
     * Returns this tenant's event counter {@code id} (0 or more), created at zero on first use. Peers
     * increment it with notifying RDMA writes.
     */
    EventCounter eventCounter(int id);

    /** Accepts connections to {@code service}: each gets a new queue pair made with {@code config}. */
    void listen(String service, QueuePairConfig config, Consumer<QueuePair> onConnection);

    /** Connects to {@code service} of tenant {@code tenant} (on this host or the other) and returns the queue pair. */
    QueuePair connect(String tenant, String service, QueuePairConfig config);
}
