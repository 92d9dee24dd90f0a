package org.overbook.workloads.memcached;

import java.util.List;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.WorkloadMetrics;
import org.overbook.workloads.memcached.protocol.ByteString;
import org.overbook.workloads.memcached.protocol.MessageBuffer;
import org.overbook.workloads.memcached.protocol.Request;
import org.overbook.workloads.memcached.protocol.ResponseEncoder;
import org.overbook.workloads.memcached.protocol.ResponseEncoder.Reply;
import org.overbook.workloads.memcached.protocol.StoreMode;

/**
 * The item commands with memcached's semantics ({@code doc/protocol.txt}; {@code do_store_item},
 * {@code do_add_delta} and {@code process_*_command} where the text is silent), answered into a
 * reply buffer, and their statistics counters.
 *
 * <p>Where this differs from memcached, on purpose:
 * <ul>
 *   <li>A set that fails for want of memory (or is too large) leaves the old item in place; memcached
 *       unlinks it. The parser's too-large error carries no key, so both paths behave the same.</li>
 *   <li>incr/decr never pad with spaces: the value becomes exactly the new number's digits, so its
 *       length may change (shorter in place; longer in a new item, as memcached does). A value counts
 *       as a number only if it is 1 or more ASCII digits whose value fits 64 bits unsigned (memcached's
 *       {@code strtoull} would also take leading spaces and text after a space).</li>
 * </ul>
 */
final class Commands {

    static final String TOO_LARGE = "object too large for cache";
    static final String OUT_OF_MEMORY_STORING = "out of memory storing object";
    static final String OUT_OF_MEMORY = "out of memory";
    static final String NON_NUMERIC = "cannot increment or decrement non-numeric value";
    /** memcached's answer when it cannot build a get reply ({@code process_get_command}). */
    static final String OUT_OF_MEMORY_WRITING_GET = "out of memory writing get response";
    /** The longest VALUE line without its key: {@code VALUE  <10> <10> <20>\r\n}, plus END. */
    private static final int VALUE_LINE_OVERHEAD = 64;

    private final ItemStore store;
    private final Items items;
    private final GuestMemory memory;
    private final byte[] digits = new byte[20];
    private final long replyLimit;
    private long parsed;

    private long cmdGet;
    private long cmdSet;
    private long cmdFlush;
    private long cmdTouch;
    private long getHits;
    private long getMisses;
    private long getExpired;
    private long getFlushed;
    private long deleteHits;
    private long deleteMisses;
    private long incrHits;
    private long incrMisses;
    private long decrHits;
    private long decrMisses;
    private long casHits;
    private long casMisses;
    private long casBadval;
    private long touchHits;
    private long touchMisses;

    /**
     * @param replyLimit the largest reply a retrieval may build, in bytes; a get whose values would
     *                   not fit is answered {@code SERVER_ERROR out of memory writing get response}
     */
    Commands(ItemStore store, long replyLimit) {
        this.store = store;
        this.replyLimit = replyLimit;
        this.items = store.items();
        this.memory = items.memory();
    }

    /** {@code get} and {@code gets} of {@code keys}: one VALUE block per live key, in request order, then END. */
    void get(List<ByteString> keys, boolean returnCas, MessageBuffer out) {
        int start = out.length();
        for (int k = 0; k < keys.size(); k++) { // indexed: no iterator per request
            ByteString key = keys.get(k);
            cmdGet++;
            long item = store.lookup(key);
            if (item == Items.NIL) {
                countMiss();
                continue;
            }
            if (!fits(item, key, out, start)) {
                overflow(out, start);
                return;
            }
            getHits++;
            store.bumpFound(item);
            value(item, key, returnCas, out);
        }
        ResponseEncoder.reply(out, Reply.END);
    }

    /** {@code gat} and {@code gats}: get, and set each found item's exptime. */
    void getAndTouch(Request.GetAndTouch request, MessageBuffer out) {
        int exptime = store.deadline(request.exptime());
        int start = out.length();
        List<ByteString> keys = request.keys();
        for (int k = 0; k < keys.size(); k++) { // indexed: no iterator per request
            ByteString key = keys.get(k);
            cmdGet++;
            cmdTouch++;
            long item = store.lookup(key);
            if (item == Items.NIL) {
                countMiss();
                touchMisses++;
                continue;
            }
            if (!fits(item, key, out, start)) {
                overflow(out, start);
                return;
            }
            getHits++;
            touchHits++;
            items.setExptime(item, exptime); // on the header's page: the found header stays good for what follows
            store.bumpFound(item);
            value(item, key, request.returnCas(), out);
        }
        ResponseEncoder.reply(out, Reply.END);
    }

    /** set, add, replace, append, prepend. */
    void store(Request.Store request, MessageBuffer out) {
        store(request.mode(), request.key(), request.flags(), request.exptime(), request.data(), out);
    }

    /** set, add, replace, append, prepend of {@code data} under {@code key}. */
    void store(StoreMode mode, ByteString key, int flags, int exptime, ByteString data, MessageBuffer out) {
        cmdSet++;
        int slabClass = store.classFor(key.length(), data.length());
        if (slabClass == 0) {
            ResponseEncoder.serverError(out, TOO_LARGE);
            return;
        }
        long old = store.lookup(key);
        switch (mode) {
            case SET -> write(slabClass, key, flags, store.deadline(exptime), data, old, out);
            case ADD -> {
                if (old != Items.NIL) {
                    store.bump(old); // memcached: a failed add still promotes the item it found
                    ResponseEncoder.reply(out, Reply.NOT_STORED);
                } else {
                    write(slabClass, key, flags, store.deadline(exptime), data, old, out);
                }
            }
            case REPLACE -> {
                if (old == Items.NIL) {
                    ResponseEncoder.reply(out, Reply.NOT_STORED);
                } else {
                    write(slabClass, key, flags, store.deadline(exptime), data, old, out);
                }
            }
            case APPEND, PREPEND -> concatenate(mode == StoreMode.APPEND, key, data, old, out);
        }
    }

    /** cas: store only if the item is still the one whose cas unique the client holds. */
    void compareAndSwap(Request.CompareAndSwap request, MessageBuffer out) {
        cmdSet++;
        ByteString key = request.key();
        int slabClass = store.classFor(key.length(), request.data().length());
        if (slabClass == 0) {
            ResponseEncoder.serverError(out, TOO_LARGE);
            return;
        }
        long old = store.lookup(key);
        if (old == Items.NIL) {
            casMisses++;
            ResponseEncoder.reply(out, Reply.NOT_FOUND);
        } else if (items.cas(old) != request.casUnique()) {
            casBadval++;
            ResponseEncoder.reply(out, Reply.EXISTS);
        } else {
            casHits++;
            write(slabClass, key, request.flags(), store.deadline(request.exptime()), request.data(), old, out);
        }
    }

    void delete(Request.Delete request, MessageBuffer out) {
        long item = store.lookup(request.key());
        if (item == Items.NIL) {
            deleteMisses++;
            ResponseEncoder.reply(out, Reply.NOT_FOUND);
        } else {
            store.unlink(item, request.key());
            deleteHits++;
            ResponseEncoder.reply(out, Reply.DELETED);
        }
    }

    /** incr wraps at 2^64; decr stops at 0. */
    void arithmetic(Request.Arithmetic request, MessageBuffer out) {
        boolean incr = request.increment();
        ByteString key = request.key();
        long item = store.lookup(key);
        if (item == Items.NIL) {
            if (incr) {
                incrMisses++;
            } else {
                decrMisses++;
            }
            ResponseEncoder.reply(out, Reply.NOT_FOUND);
            return;
        }
        int length = items.valueLength(item);
        byte[] value = store.buffer(length);
        memory.read(Items.valueAddress(item, key.length()), value, 0, length);
        if (!parseUnsigned(value, length)) {
            ResponseEncoder.clientError(out, NON_NUMERIC);
            return;
        }
        long delta = request.delta();
        long result = incr ? parsed + delta : Long.compareUnsigned(delta, parsed) > 0 ? 0 : parsed - delta;
        if (incr) {
            incrHits++;
        } else {
            decrHits++;
        }
        int n = formatUnsigned(result);
        if (n <= length) {
            memory.write(Items.valueAddress(item, key.length()), digits, 0, n);
            items.setValueLength(item, n);
            store.restamp(item, length, n);
            store.bump(item);
        } else {
            long fresh = store.create(store.classFor(key.length(), n), key, items.flags(item), items.exptime(item), n, item);
            if (fresh == Items.NIL) {
                ResponseEncoder.serverError(out, OUT_OF_MEMORY);
                return;
            }
            memory.write(Items.valueAddress(fresh, key.length()), digits, 0, n);
            store.replace(item, fresh, key);
        }
        ResponseEncoder.number(out, result);
    }

    void touch(Request.Touch request, MessageBuffer out) {
        cmdTouch++;
        long item = store.lookup(request.key());
        if (item == Items.NIL) {
            touchMisses++;
            ResponseEncoder.reply(out, Reply.NOT_FOUND);
        } else {
            touchHits++;
            items.setExptime(item, store.deadline(request.exptime()));
            store.bump(item);
            ResponseEncoder.reply(out, Reply.TOUCHED);
        }
    }

    /** flush_all: invalidates every item, now or after the delay. */
    void flushAll(Request.FlushAll request, MessageBuffer out) {
        cmdFlush++;
        store.flushAll(request.delay());
        ResponseEncoder.reply(out, Reply.OK);
    }

    /** Reports the command counters under memcached's stat names, in memcached's order. */
    void report(WorkloadMetrics metrics) {
        metrics.counter("cmd_get", cmdGet);
        metrics.counter("cmd_set", cmdSet);
        metrics.counter("cmd_flush", cmdFlush);
        metrics.counter("cmd_touch", cmdTouch);
        metrics.counter("get_hits", getHits);
        metrics.counter("get_misses", getMisses);
        metrics.counter("get_expired", getExpired);
        metrics.counter("get_flushed", getFlushed);
        metrics.counter("delete_misses", deleteMisses);
        metrics.counter("delete_hits", deleteHits);
        metrics.counter("incr_misses", incrMisses);
        metrics.counter("incr_hits", incrHits);
        metrics.counter("decr_misses", decrMisses);
        metrics.counter("decr_hits", decrHits);
        metrics.counter("cas_misses", casMisses);
        metrics.counter("cas_hits", casHits);
        metrics.counter("cas_badval", casBadval);
        metrics.counter("touch_hits", touchHits);
        metrics.counter("touch_misses", touchMisses);
    }

    long getHits() {
        return getHits;
    }

    long getMisses() {
        return getMisses;
    }

    /** Stores a new item for {@code key} in place of {@code old} (if any) and answers STORED. */
    private void write(int slabClass, ByteString key, int flags, int exptime, ByteString data, long old, MessageBuffer out) {
        long item = store.create(slabClass, key, flags, exptime, data.length(), old);
        if (item == Items.NIL) {
            ResponseEncoder.serverError(out, OUT_OF_MEMORY_STORING);
            return;
        }
        data.writeTo(memory, Items.valueAddress(item, key.length()));
        store.replace(old, item, key);
        ResponseEncoder.reply(out, Reply.STORED);
    }

    /** append/prepend: a new item with the old one's flags and exptime and the joined value. */
    private void concatenate(boolean append, ByteString key, ByteString data, long old, MessageBuffer out) {
        if (old == Items.NIL) {
            ResponseEncoder.reply(out, Reply.NOT_STORED);
            return;
        }
        int oldLength = items.valueLength(old);
        long total = (long) oldLength + data.length();
        int slabClass = store.classFor(key.length(), total);
        long item = slabClass == 0 ? Items.NIL
                : store.create(slabClass, key, items.flags(old), items.exptime(old), (int) total, old);
        if (item == Items.NIL) {
            ResponseEncoder.reply(out, Reply.NOT_STORED); // memcached's do_store_item answers a failed alloc so
            return;
        }
        byte[] joined = store.buffer((int) total);
        memory.read(Items.valueAddress(old, key.length()), joined, append ? 0 : data.length(), oldLength);
        data.copyTo(joined, append ? oldLength : 0);
        memory.write(Items.valueAddress(item, key.length()), joined, 0, (int) total);
        store.replace(old, item, key);
        ResponseEncoder.reply(out, Reply.STORED);
    }

    /** Appends the VALUE block of an item a lookup has just found (its header reads are the {@code found} ones). */
    private void value(long item, ByteString key, boolean withCas, MessageBuffer out) {
        ItemHeader found = store.found();
        int flags = found.flags(item);
        int length = found.valueLength(item);
        if (withCas) {
            ResponseEncoder.valueHeader(out, key, flags, length, found.cas(item));
        } else {
            ResponseEncoder.valueHeader(out, key, flags, length);
        }
        found.copyValue(item, out);
        ResponseEncoder.endOfData(out);
    }

    /** Returns whether the reply begun at {@code start} still fits the reply limit with this item added. */
    private boolean fits(long item, ByteString key, MessageBuffer out, int start) {
        long needed = (long) out.length() - start + VALUE_LINE_OVERHEAD + key.length() + store.found().valueLength(item);
        return needed <= replyLimit;
    }

    /** Drops the values written so far for this request and answers memcached's out-of-memory error. */
    private static void overflow(MessageBuffer out, int start) {
        out.truncate(start);
        ResponseEncoder.serverError(out, OUT_OF_MEMORY_WRITING_GET);
    }

    private void countMiss() {
        getMisses++;
        switch (store.lastMiss()) {
            case EXPIRED -> getExpired++;
            case FLUSHED -> getFlushed++;
            default -> { }
        }
    }

    /** Parses {@code b[0, length)} as a 64-bit unsigned decimal into {@link #parsed}; false if it is not one. */
    private boolean parseUnsigned(byte[] b, int length) {
        if (length == 0) {
            return false;
        }
        long value = 0;
        for (int i = 0; i < length; i++) {
            int d = b[i] - '0';
            if (d < 0 || d > 9) {
                return false;
            }
            long high = Math.unsignedMultiplyHigh(value, 10);
            long next = value * 10 + d;
            if (high != 0 || Long.compareUnsigned(next, value * 10) < 0) {
                return false;
            }
            value = next;
        }
        parsed = value;
        return true;
    }

    /** Writes {@code value} as unsigned decimal digits into {@link #digits}; returns how many. */
    private int formatUnsigned(long value) {
        String text = Long.toUnsignedString(value);
        for (int i = 0; i < text.length(); i++) {
            digits[i] = (byte) text.charAt(i);
        }
        return text.length();
    }
}
