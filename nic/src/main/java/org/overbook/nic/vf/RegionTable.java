package org.overbook.nic.vf;

import org.eclipse.collections.impl.map.mutable.primitive.IntObjectHashMap;
import org.overbook.guest.verbs.MemoryRegion;

/**
 * A virtual function's memory regions by key. Keys carry the VF number in their high bits, so a key
 * of one VF never names a region of another, and they are handed out in order, so runs are
 * deterministic. The rkey differs from the lkey, as on real NICs.
 *
 * <p>A key's low bits are its region's index, the order it was registered in. The first
 * {@value #DIRECT} regions (a VF's connections' buffers, the common case) sit in an array at their
 * index, so a lookup touches one slot and the region, not a hash map's three objects: with many tenants
 * each lookup's table is cold. Regions registered later (a pin-down cache's churn) are in hash maps.
 */
final class RegionTable {

    private static final int RKEY_MARK = 0x40000;
    private static final int INDEX_MASK = RKEY_MARK - 1;
    private static final int DIRECT = 64;

    private final int vf;
    private final MemoryRegion[] byIndex = new MemoryRegion[DIRECT];
    private final IntObjectHashMap<MemoryRegion> laterByLkey = new IntObjectHashMap<>();
    private final IntObjectHashMap<MemoryRegion> laterByRkey = new IntObjectHashMap<>();
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
        if (index < DIRECT) {
            byIndex[index] = region;
        } else {
            laterByLkey.put(region.lkey(), region);
            laterByRkey.put(region.rkey(), region);
        }
        return region;
    }

    /** Removes a region; returns false if it was not registered here. */
    boolean remove(MemoryRegion region) {
        MemoryRegion removed = byLkey(region.lkey());
        if (removed == null || !removed.equals(region)) {
            return false;
        }
        int index = region.lkey() & INDEX_MASK;
        if (index < DIRECT) {
            byIndex[index] = null;
        } else {
            laterByLkey.remove(region.lkey());
            laterByRkey.remove(region.rkey());
        }
        return true;
    }

    MemoryRegion byLkey(int lkey) {
        int index = lkey & INDEX_MASK;
        if (index < DIRECT) {
            MemoryRegion region = byIndex[index];
            return region != null && region.lkey() == lkey ? region : null;
        }
        return laterByLkey.get(lkey);
    }

    MemoryRegion byRkey(int rkey) {
        int index = rkey & INDEX_MASK;
        if (index < DIRECT) {
            MemoryRegion region = byIndex[index];
            return region != null && region.rkey() == rkey ? region : null;
        }
        return laterByRkey.get(rkey);
    }
}
