package org.overbook.nic.vf;

import org.eclipse.collections.impl.map.mutable.primitive.IntObjectHashMap;
import org.overbook.guest.verbs.MemoryRegion;

/**
 * A virtual function's memory regions by key. Keys carry the VF number in their high bits, so a key
 * of one VF never names a region of another, and they are handed out in order, so runs are
 * deterministic. The rkey differs from the lkey, as on real NICs.
 */
final class RegionTable {

    private static final int RKEY_MARK = 0x40000;

    private final int vf;
    private final IntObjectHashMap<MemoryRegion> byLkey = new IntObjectHashMap<>();
    private final IntObjectHashMap<MemoryRegion> byRkey = new IntObjectHashMap<>();
    private int next = 1;
    /** The region found last by lkey and by rkey (a queue pair's buffers are mostly in one region): no hash probe for it. */
    private MemoryRegion lastByLkey;
    private MemoryRegion lastByRkey;

    RegionTable(int vf) {
        this.vf = vf;
    }

    MemoryRegion add(long address, long length, int access) {
        int index = next++;
        if (index >= RKEY_MARK) {
            throw new IllegalStateException("VF " + vf + " ran out of memory keys");
        }
        int lkey = (vf << 19) | index;
        MemoryRegion region = new MemoryRegion(lkey, lkey | RKEY_MARK, address, length, access);
        byLkey.put(region.lkey(), region);
        byRkey.put(region.rkey(), region);
        return region;
    }

    /** Removes a region; returns false if it was not registered here. */
    boolean remove(MemoryRegion region) {
        MemoryRegion removed = byLkey.get(region.lkey());
        if (removed == null || !removed.equals(region)) {
            return false;
        }
        byLkey.remove(region.lkey());
        byRkey.remove(region.rkey());
        lastByLkey = null;
        lastByRkey = null;
        return true;
    }

    MemoryRegion byLkey(int lkey) {
        MemoryRegion last = lastByLkey;
        if (last != null && last.lkey() == lkey) {
            return last;
        }
        MemoryRegion region = byLkey.get(lkey);
        if (region != null) {
            lastByLkey = region;
        }
        return region;
    }

    MemoryRegion byRkey(int rkey) {
        MemoryRegion last = lastByRkey;
        if (last != null && last.rkey() == rkey) {
            return last;
        }
        MemoryRegion region = byRkey.get(rkey);
        if (region != null) {
            lastByRkey = region;
        }
        return region;
    }

    int size() {
        return byLkey.size();
    }
}
