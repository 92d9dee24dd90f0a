package org.overbook.workloads.memcached;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.overbook.guest.GuestMemory;

/**
 * The fields of one item's header from its cas unique to its state (bytes 24 to 56 of {@link Items}'
 * layout), read from guest memory in one access.
 *
 * <p>Why it is exact: once the guest has accessed a page, accessing the same page again before any other
 * changes nothing the host sees (the page is resident, its accessed bit set; nothing runs in between).
 * A get reads a found item's exptime, cas, value length, last access, flags, value length again and key
 * length one after another, all on the page of the header when these 32 bytes lie in one page. So the
 * first of those reads may fetch them all, and the rest read the copy: the host sees one access where it
 * saw eight, in the same place in the sequence. When the bytes straddle two pages nothing is loaded and
 * the caller reads each field from guest memory, as before. The copy is only good until the guest
 * accesses anything else; its holder uses it for the reads that follow at once and no further.
 */
final class ItemHeader {

    /** Offset of the first field held (cas), and the bytes held. */
    static final int FROM = 24;
    static final int LENGTH = 32;
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private final byte[] bytes = new byte[LENGTH];
    private long item = Items.NIL;

    /** Reads the header of {@code item} in one access if it lies in one page; returns whether it did. */
    boolean load(GuestMemory memory, long item) {
        long from = item + FROM;
        if (from / GuestMemory.PAGE_SIZE != (from + LENGTH - 1) / GuestMemory.PAGE_SIZE) {
            this.item = Items.NIL;
            return false;
        }
        memory.read(from, bytes, 0, LENGTH);
        this.item = item;
        return true;
    }

    /** Returns whether this holds the header of {@code item}. */
    boolean holds(long item) {
        return item != Items.NIL && this.item == item;
    }

    /** Drops the copy. */
    void forget() {
        item = Items.NIL;
    }

    long cas() {
        return (long) LONG.get(bytes, Items.CAS - FROM);
    }

    long lastAccess() {
        return (long) LONG.get(bytes, Items.ACCESS - FROM);
    }

    int exptime() {
        return (int) INT.get(bytes, Items.EXPTIME - FROM);
    }

    int flags() {
        return (int) INT.get(bytes, Items.FLAGS - FROM);
    }

    int valueLength() {
        return (int) INT.get(bytes, Items.VALUE_LENGTH - FROM);
    }

    int keyLength() {
        return bytes[Items.KEY_LENGTH - FROM] & 0xFF;
    }
}
