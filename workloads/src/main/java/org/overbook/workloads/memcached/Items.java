package org.overbook.workloads.memcached;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.overbook.guest.GuestMemory;

/**
 * The layout of an item (and of a free chunk) in guest memory, and typed access to its fields.
 *
 * <p>An item is a 56-byte header, then the key, then the value; all numbers little-endian, as
 * {@link GuestMemory} reads them. The header is memcached's {@code struct _stritem} with its CAS
 * field (48 + 8 bytes), rearranged so every field is naturally aligned:
 * <pre>
 * offset size field
 *   0     8   LRU prev   (toward the head; the free-list prev in a free chunk)
 *   8     8   LRU next   (toward the tail; the free-list next in a free chunk)
 *  16     8   hash next  (next item in the same hash bucket)
 *  24     8   cas unique
 *  32     8   last access, virtual ns (set when linked at the LRU head or bumped there)
 *  40     4   exptime, seconds since the epoch (0 never; negative already expired)
 *  44     4   client flags (32-bit unsigned)
 *  48     4   value length in bytes
 *  52     1   key length in bytes (1..250, unsigned)
 *  53     1   slab class id
 *  54     1   state: {@link #FREE} or {@link #LINKED}; anything else is a chunk being moved or freed
 *  55     1   (padding)
 *  56     -   key, then value
 * </pre>
 * Links are stored as {@code address + 1}, so a zero word (what fresh guest memory reads as) is the
 * null link; in Java they are plain addresses with {@link #NIL} for none.
 */
final class Items {

    /** The null link, as Java code sees it. */
    static final long NIL = -1;
    /** Header bytes before the key. */
    static final int HEADER_SIZE = 56;

    static final byte DETACHED = 0;
    static final byte FREE = 1;
    static final byte LINKED = 2;

    private static final int PREV = 0;
    private static final int NEXT = 8;
    static final int HASH_NEXT = 16;
    static final int CAS = 24;
    static final int ACCESS = 32;
    static final int EXPTIME = 40;
    static final int FLAGS = 44;
    static final int VALUE_LENGTH = 48;
    static final int KEY_LENGTH = 52;
    private static final int SLAB_CLASS = 53;
    private static final int STATE = 54;

    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private final GuestMemory memory;
    /** A fresh item's header up to its state, as {@link #writeHeader} writes it. */
    private final byte[] header = new byte[STATE + 1];

    Items(GuestMemory memory) {
        this.memory = memory;
    }

    GuestMemory memory() {
        return memory;
    }

    /** Returns the total size of an item with this key and value: header, key, value. */
    static long totalSize(int keyLength, long valueLength) {
        return HEADER_SIZE + keyLength + valueLength;
    }

    /** Reads a link word at {@code address}. */
    long link(long address) {
        return memory.readLong(address) - 1;
    }

    /** Writes a link word at {@code address}. */
    void setLink(long address, long target) {
        memory.writeLong(address, target + 1);
    }

    long prev(long item) {
        return link(item + PREV);
    }

    void setPrev(long item, long prev) {
        setLink(item + PREV, prev);
    }

    long next(long item) {
        return link(item + NEXT);
    }

    void setNext(long item, long next) {
        setLink(item + NEXT, next);
    }

    long hashNext(long item) {
        return link(item + HASH_NEXT);
    }

    void setHashNext(long item, long next) {
        setLink(item + HASH_NEXT, next);
    }

    long cas(long item) {
        return memory.readLong(item + CAS);
    }

    void setCas(long item, long cas) {
        memory.writeLong(item + CAS, cas);
    }

    long lastAccess(long item) {
        return memory.readLong(item + ACCESS);
    }

    void setLastAccess(long item, long nanos) {
        memory.writeLong(item + ACCESS, nanos);
    }

    int exptime(long item) {
        return memory.readInt(item + EXPTIME);
    }

    void setExptime(long item, int exptime) {
        memory.writeInt(item + EXPTIME, exptime);
    }

    int flags(long item) {
        return memory.readInt(item + FLAGS);
    }

    int valueLength(long item) {
        return memory.readInt(item + VALUE_LENGTH);
    }

    void setValueLength(long item, int length) {
        memory.writeInt(item + VALUE_LENGTH, length);
    }

    int keyLength(long item) {
        return memory.readByte(item + KEY_LENGTH) & 0xFF;
    }

    int slabClass(long item) {
        return memory.readByte(item + SLAB_CLASS) & 0xFF;
    }

    byte state(long item) {
        return memory.readByte(item + STATE);
    }

    void setState(long item, byte state) {
        memory.writeByte(item + STATE, state);
    }

    /** Returns the address of the hash-next link word, so a chain can be relinked through it. */
    static long hashNextAddress(long item) {
        return item + HASH_NEXT;
    }

    /** Returns the address of the key. */
    static long keyAddress(long item) {
        return item + HEADER_SIZE;
    }

    /** Returns the address of the value of an item whose key is {@code keyLength} bytes. */
    static long valueAddress(long item, int keyLength) {
        return item + HEADER_SIZE + keyLength;
    }

    /** Returns the item's total size, reading its lengths. */
    long totalSize(long item) {
        return totalSize(keyLength(item), valueLength(item));
    }

    /**
     * Writes the header of a fresh item (links cleared, not yet linked) in one pass, as memcached's
     * {@code do_item_alloc} fills a chunk: its fields, from the first to the state (not the padding),
     * in one write. Field by field, the writes would go to the same page or pages in the same order with
     * nothing between them, which the host sees as one write ({@link ItemHeader} says why).
     */
    void writeHeader(long item, int slabClass, int keyLength, int flags, int exptime, int valueLength) {
        // header[PREV, EXPTIME) is never set, so it stays zero: the links (NIL is stored as 0), cas and last access
        INT.set(header, EXPTIME, exptime);
        INT.set(header, FLAGS, flags);
        INT.set(header, VALUE_LENGTH, valueLength);
        header[KEY_LENGTH] = (byte) keyLength;
        header[SLAB_CLASS] = (byte) slabClass;
        header[STATE] = DETACHED;
        memory.write(item, header, 0, header.length);
    }

    /** Marks a chunk free and writes its free-list links and class. */
    void writeFreeChunk(long chunk, int slabClass, long prev, long next) {
        setPrev(chunk, prev);
        setNext(chunk, next);
        memory.writeByte(chunk + SLAB_CLASS, (byte) slabClass);
        memory.writeByte(chunk + STATE, FREE);
    }
}
