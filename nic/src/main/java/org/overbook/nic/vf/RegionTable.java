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
        return true;
    }

    MemoryRegion byLkey(int lkey) {
        return byLkey.get(lkey);
    }

    MemoryRegion byRkey(int rkey) {
        return byRkey.get(rkey);
    }

    int size() {
        return byLkey.size();
    }
}
