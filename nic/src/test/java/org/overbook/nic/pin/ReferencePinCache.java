package org.overbook.nic.pin;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A plain, obviously correct pin-down cache for model-based tests: one list of regions from least to
 * most recently used, scanned in full on every lookup.
 */
final class ReferencePinCache {

    record Region(long address, long length, long handle) {
        long end() {
            return address + length;
        }
    }

    private static final Comparator<Region> BY_START_THEN_LENGTH =
            Comparator.comparingLong(Region::address).thenComparingLong(Region::length);

    private final long maxBytes;
    private final int maxRegions;
    final List<Region> oldestFirst = new ArrayList<>();
    final List<Region> released = new ArrayList<>();
    long hits;
    long misses;
    long evictions;

    ReferencePinCache(long maxBytes, int maxRegions) {
        this.maxBytes = maxBytes;
        this.maxRegions = maxRegions;
    }

    long lookup(long address, long length) {
        Region best = null;
        for (Region region : oldestFirst) {
            boolean covers = region.address() <= address && region.end() >= address + length;
            if (covers && (best == null || BY_START_THEN_LENGTH.compare(region, best) > 0)) {
                best = region;
            }
        }
        if (best == null) {
            misses++;
            return PinDownCache.MISS;
        }
        hits++;
        oldestFirst.remove(best);
        oldestFirst.add(best);
        return best.handle();
    }

    boolean insert(long address, long length, long handle) {
        if (length > maxBytes) {
            return false;
        }
        oldestFirst.add(new Region(address, length, handle));
        while (pinnedBytes() > maxBytes || oldestFirst.size() > maxRegions) {
            evictions++;
            released.add(oldestFirst.removeFirst());
        }
        return true;
    }

    boolean contains(long address, long length) {
        return oldestFirst.stream().anyMatch(r -> r.address() == address && r.length() == length);
    }

    int invalidate(long address, long length) {
        List<Region> overlapping = oldestFirst.stream()
                .filter(r -> r.address() < address + length && r.end() > address)
                .sorted(BY_START_THEN_LENGTH)
                .toList();
        oldestFirst.removeAll(overlapping);
        released.addAll(overlapping);
        return overlapping.size();
    }

    long pinnedBytes() {
        return oldestFirst.stream().mapToLong(Region::length).sum();
    }
}
