package org.overbook.workloads.memcached;

import org.overbook.guest.ConfigurationException;
import org.overbook.guest.WorkloadParameters;

/**
 * The settings of a {@link MemcachedEngine}, with memcached's defaults and the costs it charges.
 *
 * @param memoryLimit          bytes of slab pages the cache may take ({@code -m}, default 64 MiB)
 * @param itemSizeMax          the largest item and the slab page size ({@code -I}, default 1 MiB, as in
 *                             memcached before 1.4.29, where a slab page was one item-size-max)
 * @param growthFactor         chunk size growth from one slab class to the next ({@code -f}, default 1.25)
 * @param minChunkSize         the smallest chunk, header included (memcached's 48-byte item header plus
 *                             {@code -n 48}: 96 bytes)
 * @param hashPower            log2 of the initial hash buckets ({@code -o hashpower}, default 16)
 * @param lruBumpIntervalNanos an item read again within this time is not moved to the LRU head again
 *                             (memcached's {@code ITEM_UPDATE_INTERVAL}, 60 s)
 * @param requestNanos         vCPU time charged per request for parsing, hashing, the LRU and the reply
 * @param copyNanosPerKib      vCPU time charged per KiB of request and reply bytes copied
 */
public record MemcachedSettings(long memoryLimit, int itemSizeMax, double growthFactor, int minChunkSize, int hashPower,
                                long lruBumpIntervalNanos, long requestNanos, long copyNanosPerKib) {

    public static final long DEFAULT_MEMORY_LIMIT = 64L << 20;
    public static final int DEFAULT_ITEM_SIZE_MAX = 1 << 20;
    public static final double DEFAULT_GROWTH_FACTOR = 1.25;
    public static final int DEFAULT_MIN_CHUNK_SIZE = 96;
    public static final int DEFAULT_HASH_POWER = 16;
    public static final long DEFAULT_LRU_BUMP_INTERVAL_NANOS = 60_000_000_000L;
    /**
     * ~1 µs a request. An estimate, not a measurement: memcached's work for a small request (tokenise,
     * hash, walk a bucket, relink the LRU, format the reply) is a few thousand instructions with a few
     * cache misses, about a microsecond on a server core; the network stack is the NIC model's cost.
     */
    public static final long DEFAULT_REQUEST_NANOS = 1_000;
    /** ~100 ns per KiB: {@code memcpy} at ~10 GB/s, about what one core copies from cache or DRAM. */
    public static final long DEFAULT_COPY_NANOS_PER_KIB = 100;

    /** The smallest item-size-max accepted (memcached's floor is 1 KiB; one guest page here). */
    public static final int MIN_ITEM_SIZE_MAX = 4096;
    /** The largest item-size-max accepted (memcached's ceiling). */
    public static final int MAX_ITEM_SIZE_MAX = 1 << 30;

    public MemcachedSettings {
        require(memoryLimit > 0, "memory limit must be positive: " + memoryLimit);
        require(itemSizeMax >= MIN_ITEM_SIZE_MAX && itemSizeMax <= MAX_ITEM_SIZE_MAX,
                "item size max must be 4 KiB to 1 GiB: " + itemSizeMax);
        require(growthFactor > 1.0 && growthFactor <= 100, "growth factor must be above 1: " + growthFactor);
        require(minChunkSize >= Items.HEADER_SIZE + 8 && minChunkSize <= itemSizeMax,
                "min chunk size must be " + (Items.HEADER_SIZE + 8) + " bytes to item size max: " + minChunkSize);
        require(hashPower >= 1 && hashPower <= 30, "hash power must be 1 to 30: " + hashPower);
        require(lruBumpIntervalNanos >= 0, "LRU bump interval must not be negative: " + lruBumpIntervalNanos);
        require(requestNanos >= 0, "request cost must not be negative: " + requestNanos);
        require(copyNanosPerKib >= 0, "copy cost must not be negative: " + copyNanosPerKib);
    }

    /** Returns memcached's defaults. */
    public static MemcachedSettings defaults() {
        return new MemcachedSettings(DEFAULT_MEMORY_LIMIT, DEFAULT_ITEM_SIZE_MAX, DEFAULT_GROWTH_FACTOR,
                DEFAULT_MIN_CHUNK_SIZE, DEFAULT_HASH_POWER, DEFAULT_LRU_BUMP_INTERVAL_NANOS, DEFAULT_REQUEST_NANOS,
                DEFAULT_COPY_NANOS_PER_KIB);
    }

    /**
     * Reads the settings from a workload's parameters: {@code memory-limit}, {@code item-size-max},
     * {@code growth-factor}, {@code chunk-size-min}, {@code hash-power}, {@code lru-bump-interval},
     * {@code request-cost}, {@code copy-cost-per-kib}; each absent one takes its default.
     *
     * @throws ConfigurationException naming the field at fault
     */
    public static MemcachedSettings from(WorkloadParameters p) {
        // memcached's default (64 MiB) shrinks to a smaller guest; a limit the file names must fit it.
        long memoryLimit = p.bytes("memory-limit", Math.min(DEFAULT_MEMORY_LIMIT, p.guestMemoryBytes()), 1, Long.MAX_VALUE);
        p.requireFitsGuest("memory-limit", memoryLimit);
        int itemSizeMax = (int) p.bytes("item-size-max", DEFAULT_ITEM_SIZE_MAX, MIN_ITEM_SIZE_MAX, MAX_ITEM_SIZE_MAX);
        double growthFactor = p.real("growth-factor", DEFAULT_GROWTH_FACTOR, 1.01, 100);
        int minChunk = (int) p.bytes("chunk-size-min", DEFAULT_MIN_CHUNK_SIZE, Items.HEADER_SIZE + 8, MAX_ITEM_SIZE_MAX);
        if (minChunk > itemSizeMax) {
            throw new ConfigurationException(p.field("chunk-size-min"),
                    minChunk + " bytes is more than item-size-max (" + itemSizeMax + " bytes)");
        }
        int hashPower = (int) p.integer("hash-power", DEFAULT_HASH_POWER, 1, 30);
        long bump = p.nanos("lru-bump-interval", DEFAULT_LRU_BUMP_INTERVAL_NANOS, 0, Long.MAX_VALUE);
        long request = p.nanos("request-cost", DEFAULT_REQUEST_NANOS, 0, Long.MAX_VALUE);
        long copy = p.nanos("copy-cost-per-kib", DEFAULT_COPY_NANOS_PER_KIB, 0, Long.MAX_VALUE);
        return new MemcachedSettings(memoryLimit, itemSizeMax, growthFactor, minChunk, hashPower, bump, request, copy);
    }

    /** Returns these settings with another memory limit. */
    public MemcachedSettings withMemoryLimit(long bytes) {
        return new MemcachedSettings(bytes, itemSizeMax, growthFactor, minChunkSize, hashPower, lruBumpIntervalNanos,
                requestNanos, copyNanosPerKib);
    }

    /** Returns these settings with another item size max (and slab page size). */
    public MemcachedSettings withItemSizeMax(int bytes) {
        return new MemcachedSettings(memoryLimit, bytes, growthFactor, minChunkSize, hashPower, lruBumpIntervalNanos,
                requestNanos, copyNanosPerKib);
    }

    /** Returns these settings with another initial hash power. */
    public MemcachedSettings withHashPower(int power) {
        return new MemcachedSettings(memoryLimit, itemSizeMax, growthFactor, minChunkSize, power, lruBumpIntervalNanos,
                requestNanos, copyNanosPerKib);
    }

    /** Returns these settings with another LRU bump interval. */
    public MemcachedSettings withLruBumpInterval(long nanos) {
        return new MemcachedSettings(memoryLimit, itemSizeMax, growthFactor, minChunkSize, hashPower, nanos,
                requestNanos, copyNanosPerKib);
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
