package org.overbook.workloads.memcached;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.GuestOutOfMemoryException;
import org.overbook.workloads.memcached.protocol.ByteString;
import org.overbook.workloads.memcached.protocol.Request;

/**
 * memcached's hash table ({@code assoc.c}) in guest memory: a power-of-two array of 8-byte bucket
 * words, each the head of a chain linked through the items' hash-next field.
 *
 * <p>It doubles when the items exceed 1.5 per bucket, as memcached's {@code assoc_insert} decides.
 * memcached moves the buckets over incrementally in a background thread; here the whole table is
 * rehashed at once, on the vCPU, inside the insert that crossed the threshold: a single vCPU would
 * have to do that work anyway, and doing it at once keeps one table and no migration state. The
 * rehash reads every item's key from guest memory (memcached stores no hash in the item), so it
 * faults on every swapped-out item, as the real one would. If the guest allocator has no room for
 * the larger array, the table stays as it is and chains grow longer, until the item count doubles
 * again.
 *
 * <p>The hash is {@link KeyHasher}'s (FNV-1a and a finaliser). The hash of the key last looked up is
 * kept, so linking or unlinking an item under that key does not hash it again (memcached computes {@code hv}
 * once per request); the guest still reads the item's key then ({@link GuestMemory#touch}), as this model
 * always had it read.
 */
final class HashIndex {

    /** Work charged per item moved by a rehash: one dependent cache miss, ~50-100 ns on a server CPU. */
    static final long REHASH_NANOS_PER_ITEM = 60;
    private static final int WORD = Long.BYTES;
    private static final int MAX_POWER = 32;
    private static final int KEY_LENGTH_AT = Items.KEY_LENGTH - Items.HASH_NEXT;
    private static final int KEY_AT = Items.HEADER_SIZE - Items.HASH_NEXT;
    private static final int HEADER_AT = Items.CAS - Items.HASH_NEXT;
    private static final VarHandle LINK = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final Items items;
    private final GuestMemory memory;
    private final byte[] key = new byte[Request.KEY_MAX_LENGTH];
    private final byte[] scratch = new byte[255];
    private final KeyHasher hasher = new KeyHasher();
    /** A chained item's bytes from its hash-next link to the end of its key, as {@link #find} reads them. */
    private final byte[] chained = new byte[Items.HEADER_SIZE - Items.HASH_NEXT + Request.KEY_MAX_LENGTH];
    /**
     * The key {@link #find} looked up last in this request, by identity, and its hash. Forgotten at each
     * request ({@link #forgetLookup}): a parser's re-pointed key window is one object for many keys.
     */
    private ByteString lookedUp;
    private long lookedUpHash;
    private long table;
    private int power;
    private long count;
    private long noGrowthBelow;

    HashIndex(Items items, int initialPower) {
        this.items = items;
        this.memory = items.memory();
        this.power = initialPower;
        this.table = memory.allocate(bytes(initialPower));
    }

    /**
     * Returns the item whose key is {@code requested}, or {@link Items#NIL}; remembers the key's hash.
     * When it read the found item's header along with its key, the header is in {@code header}.
     *
     * <p>The guest reads each chained item's key length, then its key if the lengths agree, then its
     * hash-next link if the keys differ, and the caller goes on to read the found item's header: when the
     * item's bytes from its hash-next link to the end of a key as long as the requested one lie in one
     * page, those reads are one access to that page ({@link ItemHeader} says why that is exact), made
     * here as one read of those bytes; otherwise each read goes to guest memory as it comes.
     */
    long find(ByteString requested, ItemHeader header) {
        int length = requested.length();
        requested.copyTo(key, 0);
        long hash = hasher.hash(key, length);
        lookedUp = requested;
        lookedUpHash = hash;
        long item = items.link(bucket(hash));
        while (item != Items.NIL) {
            long from = item + Items.HASH_NEXT;
            int span = Items.HEADER_SIZE - Items.HASH_NEXT + length;
            if (from / GuestMemory.PAGE_SIZE == (from + span - 1) / GuestMemory.PAGE_SIZE) {
                memory.read(from, chained, 0, span);
                if ((chained[KEY_LENGTH_AT] & 0xFF) == length
                        && Arrays.equals(chained, KEY_AT, KEY_AT + length, key, 0, length)) {
                    header.fill(item, chained, HEADER_AT);
                    return item;
                }
                item = (long) LINK.get(chained, 0) - 1;
            } else {
                if (items.keyLength(item) == length && memory.contentEquals(Items.keyAddress(item), key, 0, length)) {
                    return item;
                }
                item = items.hashNext(item);
            }
        }
        return Items.NIL;
    }

    /** Forgets the key {@link #find} looked up last: a new request begins. */
    void forgetLookup() {
        lookedUp = null;
    }

    /** Adds {@code item} at the head of its chain. */
    void insert(long item, long hash) {
        long bucket = bucket(hash);
        items.setHashNext(item, items.link(bucket));
        items.setLink(bucket, item);
        count++;
    }

    /** Takes {@code item} out of its chain. */
    void remove(long item, long hash) {
        relink(item, items.hashNext(item), hash);
        count--;
    }

    /** Puts {@code replacement}, whose hash-next is already {@code item}'s, in {@code item}'s place in its chain. */
    void substitute(long item, long replacement, long hash) {
        relink(item, replacement, hash);
    }

    /** Returns whether the table should double before the next insert. */
    boolean wantsToGrow() {
        return power < MAX_POWER && count >= noGrowthBelow && count > (3L << power) / 2;
    }

    /** Reads the key of {@code item} from guest memory and returns its hash. */
    long hashOf(long item) {
        int length = items.keyLength(item);
        memory.read(Items.keyAddress(item), scratch, 0, length);
        return hasher.hash(scratch, length);
    }

    /**
     * Returns the hash of {@code item}, whose key is {@code itemKey}: the guest reads the key as {@link
     * #hashOf(long)} does (same faults and accessed bits), but the hash comes from the bytes already known.
     */
    long hashOf(long item, ByteString itemKey) {
        memory.touch(Items.keyAddress(item), items.keyLength(item));
        if (itemKey == lookedUp) {
            return lookedUpHash;
        }
        itemKey.copyTo(scratch, 0);
        return hasher.hash(scratch, itemKey.length());
    }

    /** Doubles the table and rehashes every item; returns the items moved, or -1 if the guest had no room for the larger table. */
    long grow() {
        long larger;
        try {
            larger = memory.allocate(bytes(power + 1));
        } catch (GuestOutOfMemoryException e) {
            noGrowthBelow = count * 2;
            return -1;
        }
        long old = table;
        int oldPower = power;
        table = larger;
        power++;
        long moved = 0;
        for (long b = 0; b < 1L << oldPower; b++) {
            long item = items.link(old + b * WORD);
            while (item != Items.NIL) {
                long next = items.hashNext(item);
                int length = items.keyLength(item);
                memory.read(Items.keyAddress(item), scratch, 0, length);
                long bucket = bucket(hasher.hash(scratch, length));
                items.setHashNext(item, items.link(bucket));
                items.setLink(bucket, item);
                moved++;
                item = next;
            }
        }
        memory.free(old, bytes(oldPower));
        return moved;
    }

    /** Returns log2 of the number of buckets (memcached's {@code hash_power_level}). */
    int power() {
        return power;
    }

    /** Returns the bytes of the bucket array. */
    long tableBytes() {
        return bytes(power);
    }

    private void relink(long item, long replacement, long hash) {
        long at = bucket(hash);
        for (long cur = items.link(at); cur != Items.NIL; cur = items.hashNext(cur)) {
            if (cur == item) {
                items.setLink(at, replacement);
                return;
            }
            at = Items.hashNextAddress(cur);
        }
        throw new IllegalStateException("item at " + item + " is not in its hash chain");
    }

    private long bucket(long hash) {
        return table + (hash & ((1L << power) - 1)) * WORD;
    }

    private static long bytes(int power) {
        return (1L << power) * WORD;
    }
}
