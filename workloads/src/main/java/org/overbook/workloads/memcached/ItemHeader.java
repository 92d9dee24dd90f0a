package org.overbook.workloads.memcached;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.overbook.guest.GuestMemory;
import org.overbook.workloads.memcached.protocol.MessageBuffer;

/**
 * The header of the item a lookup has just found, from its cas unique to its state (bytes 24 to 56 of
 * {@link Items}' layout), read from guest memory in one access, and the reads of a get served from it.
 *
 * <p>Why it is exact: once the guest has accessed a page, accessing the same page again before any other
 * changes nothing the host sees (the page is resident, its accessed bit set; nothing runs in between).
 * A get reads a found item's exptime, cas, value length, last access, flags, value length again and key
 * length one after another, all on the page of the header when these 32 bytes lie in one page. So the
 * first of those reads fetches them all ({@link #load}), and the rest read the copy: the host sees one
 * access where it saw eight, in the same place in the sequence. When the bytes straddle two pages nothing
 * is loaded and every read goes to guest memory, as before. The copy is good only until the guest
 * accesses anything else: its owner forgets it before any other access (an LRU relink, the value read,
 * creating, linking or unlinking an item), and a read of an item it does not hold goes to guest memory.
 */
final class ItemHeader {

    private static final int FROM = Items.CAS;
    private static final int LENGTH = 32;
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private final Items items;
    private final GuestMemory memory;
    private final byte[] bytes = new byte[LENGTH];
    private long item = Items.NIL;

    ItemHeader(Items items) {
        this.items = items;
        this.memory = items.memory();
    }

    /** Reads the header of {@code item} in one access if it lies in one page (the first read of a get's sequence). */
    void load(long item) {
        long from = item + FROM;
        if (from / GuestMemory.PAGE_SIZE != (from + LENGTH - 1) / GuestMemory.PAGE_SIZE) {
            this.item = Items.NIL;
            return;
        }
        memory.read(from, bytes, 0, LENGTH);
        this.item = item;
    }

    /**
     * Takes the header of {@code item} from bytes just read from guest memory in the access that would
     * have been {@link #load}'s: {@code src[offset, offset + 32)} are the item's bytes 24 to 56.
     */
    void fill(long item, byte[] src, int offset) {
        System.arraycopy(src, offset, bytes, 0, LENGTH);
        this.item = item;
    }

    /** Returns whether the copy is {@code item}'s header. */
    boolean holds(long item) {
        return this.item != Items.NIL && this.item == item;
    }

    /** Drops the copy: the guest is about to access something else. */
    void forget() {
        item = Items.NIL;
    }

    long cas(long item) {
        return holds(item) ? (long) LONG.get(bytes, Items.CAS - FROM) : items.cas(item);
    }

    long lastAccess(long item) {
        return holds(item) ? (long) LONG.get(bytes, Items.ACCESS - FROM) : items.lastAccess(item);
    }

    int exptime(long item) {
        return holds(item) ? (int) INT.get(bytes, Items.EXPTIME - FROM) : items.exptime(item);
    }

    int flags(long item) {
        return holds(item) ? (int) INT.get(bytes, Items.FLAGS - FROM) : items.flags(item);
    }

    int valueLength(long item) {
        return holds(item) ? (int) INT.get(bytes, Items.VALUE_LENGTH - FROM) : items.valueLength(item);
    }

    int keyLength(long item) {
        return holds(item) ? bytes[Items.KEY_LENGTH - FROM] & 0xFF : items.keyLength(item);
    }

    /** Appends the value of {@code item} to {@code out}, read straight from guest memory; the copy is done with. */
    void copyValue(long item, MessageBuffer out) {
        int length = valueLength(item);
        long value = Items.valueAddress(item, keyLength(item));
        forget();
        int at = out.reserve(length);
        memory.read(value, out.array(), at, length);
    }
}
