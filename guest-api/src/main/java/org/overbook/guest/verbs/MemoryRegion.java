package org.overbook.guest.verbs;

/**
 * A registered range of guest memory: the NIC may DMA it with the region's keys.
 *
 * @param lkey    names the region in local work requests
 * @param rkey    names the region to remote peers (RDMA write)
 * @param address first guest address
 * @param length  bytes
 * @param access  {@link Access} flags
 */
public record MemoryRegion(int lkey, int rkey, long address, long length, int access) {

    /** Returns whether {@code [address, address + length)} lies within the region. */
    public boolean covers(long start, long bytes) {
        return bytes >= 0 && start >= address && start - address <= length - bytes;
    }
}
