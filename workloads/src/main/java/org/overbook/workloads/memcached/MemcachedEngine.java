package org.overbook.workloads.memcached;

import java.util.Objects;
import org.overbook.guest.Guest;
import org.overbook.guest.WorkloadMetrics;
import org.overbook.workloads.memcached.protocol.MessageBuffer;
import org.overbook.workloads.memcached.protocol.ParseResult;
import org.overbook.workloads.memcached.protocol.Request;
import org.overbook.workloads.memcached.protocol.RequestParser;
import org.overbook.workloads.memcached.protocol.ResponseEncoder;
import org.overbook.workloads.memcached.protocol.ResponseEncoder.Reply;

/**
 * A memcached-like storage engine whose items live in guest memory: it executes text-protocol
 * requests against the store and writes the replies, charging its work to the guest's vCPU.
 *
 * <h2>Design</h2>
 * The point of the engine is that host paging hits it where it hits memcached [1][2]: every structure
 * memcached keeps in RAM is here in guest memory, laid out as memcached lays it out, and touched when
 * memcached would touch it:
 * <ul>
 *   <li>Items: a 56-byte header (memcached's {@code _stritem} with cas), the key and the value, in
 *       chunks of slab classes growing by 1.25 from 96 bytes, carved from 1 MiB slab pages taken from
 *       the guest allocator on demand up to the memory limit, which counts slab pages only, as
 *       memcached's {@code -m} does ({@link Items}, {@link SlabAllocator}).</li>
 *   <li>The hash index: a bucket array in guest memory, chains through the items, doubling at 1.5
 *       items per bucket ({@link HashIndex}). A lookup reads the bucket, each chained header and key.</li>
 *   <li>One LRU per slab class, doubly linked through the item headers; a class that needs a chunk
 *       when the limit is reached evicts its tail ({@link ItemStore}).</li>
 *   <li>Memory pressure: the guest kernel's shrinker call drops the coldest items and frees whole
 *       slab pages ({@link PageReclaimer}).</li>
 * </ul>
 * The Java heap holds per-class heads, tails and free-list heads, one entry per slab page, counters
 * and scratch buffers: never anything per item. So a get of a swapped-out item takes major faults on
 * its bucket, its chain, its header and its value pages, and an LRU relink dirties its neighbours.
 *
 * <p>Messages. A message holds one or more requests (pipelining); each is parsed by the protocol
 * codec, executed, and answered in order into one reply buffer. A protocol error is answered as
 * memcached answers it and parsing goes on after the bytes memcached would have consumed. {@code quit}
 * stops the message there and asks the caller to close the connection. {@code noreply} suppresses the
 * reply, errors included, as memcached's {@code conn.noreply} does.
 *
 * <p>Time. Expiry is in whole seconds of virtual time, memcached's rules, with the epoch (memcached's
 * unix time 0) at virtual time 0: exptime 0 never expires, up to 30 days is relative, above is an
 * absolute second since virtual time 0, negative is already expired ({@link ItemStore}).
 *
 * <p>Costs. Each request charges {@link MemcachedSettings#requestNanos()} plus
 * {@link MemcachedSettings#copyNanosPerKib()} per KiB of request and reply bytes; page faults on
 * guest memory charge themselves. A hash table doubling charges {@value HashIndex#REHASH_NANOS_PER_ITEM}
 * ns per item moved; giving pages back charges the copying of the items it moves.
 *
 * <p>What it leaves out: memcached's worker threads and locks (one vCPU runs one engine), the
 * segmented HOT/WARM/COLD LRU and its maintainer thread (this is memcached's "flat" LRU), chunked
 * items larger than a slab page, the slab automover, extstore, the binary and meta protocols.
 *
 * <p>[1] memcached, {@code items.c}, {@code slabs.c}, {@code assoc.c}, {@code proto_text.c} and
 * {@code doc/protocol.txt}. [2] Lesokhin et al., "Page Fault Support for Network Controllers",
 * ASPLOS 2017: memcached tenants under overcommit.
 */
public final class MemcachedEngine {

    /** What the caller does with the connection after a message. */
    public enum Outcome {
        /** Keep the connection open for the next message. */
        KEEP_OPEN,
        /** A {@code quit} asked the server to close the connection. */
        CLOSE
    }

    /** The version string {@code version} and {@code stats} report. */
    public static final String VERSION = "1.6.0-overbook";
    /** The statistic naming log2 of the hash table's buckets, memcached's {@code hash_power_level}. */
    static final String HASH_POWER_LEVEL = "hash_power_level";

    private final Guest guest;
    private final MemcachedSettings settings;
    private final RequestParser parser;
    private final ItemStore store;
    private final Commands commands;
    private final PageReclaimer reclaimer;
    private final MessageBuffer discarded = new MessageBuffer(64);
    private long requests;
    private long protocolErrors;
    private long bytesRead;
    private long bytesWritten;

    /**
     * Builds the engine inside {@code guest}: allocates its hash table in guest memory and registers
     * for the guest's memory-pressure calls. Slab pages come later, as items need them.
     */
    public MemcachedEngine(Guest guest, MemcachedSettings settings) {
        this(guest, settings, Long.MAX_VALUE);
    }

    /**
     * Builds the engine as {@link #MemcachedEngine(Guest, MemcachedSettings)} does, with a cap on the
     * reply one retrieval request may build: a get or gat whose values would exceed {@code
     * replySizeMax} bytes is answered {@code SERVER_ERROR out of memory writing get response}, as
     * memcached answers when it cannot allocate a reply. A server that holds replies in bounded
     * buffers sets it, so that no request (say, a thousand-key get of 1 MiB items) can exhaust it.
     */
    public MemcachedEngine(Guest guest, MemcachedSettings settings, long replySizeMax) {
        this.guest = Objects.requireNonNull(guest, "guest");
        this.settings = Objects.requireNonNull(settings, "settings");
        if (replySizeMax < 1) {
            throw new IllegalArgumentException("reply size cap must be positive: " + replySizeMax);
        }
        this.parser = new RequestParser(settings.itemSizeMax());
        this.store = new ItemStore(guest, settings);
        this.commands = new Commands(store, replySizeMax);
        this.reclaimer = new PageReclaimer(store);
        guest.onMemoryPressure(this::release);
    }

    public MemcachedSettings settings() {
        return settings;
    }

    /**
     * Executes every request in {@code message[offset, offset+length)} in order and appends the
     * replies to {@code reply}.
     *
     * @return {@link Outcome#CLOSE} if a {@code quit} ended the message (what followed it is ignored)
     */
    public Outcome execute(byte[] message, int offset, int length, MessageBuffer reply) {
        Objects.checkFromIndexSize(offset, length, message.length);
        bytesRead += length;
        int start = reply.length();
        int at = offset;
        int end = offset + length;
        Outcome outcome = Outcome.KEEP_OPEN;
        while (at < end && outcome == Outcome.KEEP_OPEN) {
            ParseResult result = parser.parseReusing(message, at, end - at); // executed before the next parse
            at += Math.max(1, result.consumed());
            outcome = perform(result, reply);
        }
        bytesWritten += reply.length() - start;
        return outcome;
    }

    /**
     * Executes the one request a {@link RequestParser} read from the front of a message, as {@link
     * #execute(byte[], int, int, MessageBuffer)} does with the bytes that request took, without parsing
     * them again, and appends the reply to {@code reply}.
     *
     * @return {@link Outcome#CLOSE} for {@code quit}
     */
    public Outcome execute(ParseResult request, MessageBuffer reply) {
        bytesRead += Math.max(1, request.consumed());
        int start = reply.length();
        Outcome outcome = perform(request, reply);
        bytesWritten += reply.length() - start;
        return outcome;
    }

    /** Performs a parsed request, or answers its protocol error, and charges the bytes in and out. */
    private Outcome perform(ParseResult result, MessageBuffer reply) {
        int before = reply.length();
        Outcome outcome = switch (result) {
            case ParseResult.Parsed parsed -> perform(parsed.request(), reply);
            case ParseResult.BorrowedGet get -> {
                begin();
                commands.get(get.keys(), get.returnCas(), reply);
                yield Outcome.KEEP_OPEN;
            }
            case ParseResult.BorrowedStore set -> {
                begin();
                commands.store(set.mode(), set.key(), set.flags(), set.exptime(), set.data(), output(set.noreply(), reply));
                yield Outcome.KEEP_OPEN;
            }
            case ParseResult.ProtocolError error -> {
                protocolErrors++;
                if (!error.noreply()) {
                    ResponseEncoder.protocolError(reply, error);
                }
                yield Outcome.KEEP_OPEN;
            }
        };
        charge(result.consumed() + reply.length() - before);
        return outcome;
    }

    /**
     * Executes one request already parsed and appends its reply to {@code reply}.
     *
     * @return {@link Outcome#CLOSE} for {@code quit}
     */
    public Outcome execute(Request request, MessageBuffer reply) {
        int before = reply.length();
        Outcome outcome = perform(request, reply);
        int data = switch (request) {
            case Request.Store s -> s.data().length();
            case Request.CompareAndSwap c -> c.data().length();
            default -> 0;
        };
        bytesRead += data;
        bytesWritten += reply.length() - before;
        charge(data + reply.length() - before);
        return outcome;
    }

    /**
     * Gives about {@code bytes} of memory back to the guest allocator in whole slab pages, dropping the
     * coldest items first; returns the bytes freed. The guest's memory-pressure calls land here.
     */
    public long release(long bytes) {
        store.beginRequest(guest.now());
        long moved = reclaimer.movedBytes();
        long released = reclaimer.release(bytes);
        guest.charge(copyNanos(reclaimer.movedBytes() - moved));
        return released;
    }

    /** Reports memcached's statistics and the engine's own figures. */
    public void report(WorkloadMetrics metrics) {
        commands.report(metrics);
        metrics.counter("bytes_read", bytesRead);
        metrics.counter("bytes_written", bytesWritten);
        metrics.counter("limit_maxbytes", settings.memoryLimit());
        metrics.gauge(HASH_POWER_LEVEL, store.index().power()); // a state, not a count: a total row does not sum it
        metrics.counter("hash_bytes", store.index().tableBytes());
        metrics.counter("bytes", store.bytes());
        metrics.counter("curr_items", store.currItems());
        metrics.counter("total_items", store.totalItems());
        metrics.counter("evictions", store.evictions());
        metrics.counter("reclaimed", store.reclaimed());
        metrics.counter("requests", requests);
        metrics.counter("protocol_errors", protocolErrors);
        metrics.counter("slab_pages", store.slabs().pages());
        metrics.counter("total_malloced", store.slabs().malloced());
        metrics.counter("pressure_released_bytes", reclaimer.releasedBytes());
        metrics.counter("pressure_dropped_items", reclaimer.droppedItems());
        metrics.counter("pressure_moved_items", reclaimer.movedItems());
        long lookups = commands.getHits() + commands.getMisses();
        metrics.gauge("hit_ratio", lookups == 0 ? 0 : (double) commands.getHits() / lookups);
    }

    ItemStore store() {
        return store;
    }

    /** Counts a request and reads the clock for it. */
    private void begin() {
        requests++;
        store.beginRequest(guest.now());
    }

    /** Returns where a request's reply goes: {@code reply}, or with {@code noreply} a buffer nobody reads. */
    private MessageBuffer output(boolean noreply, MessageBuffer reply) {
        if (!noreply) {
            return reply;
        }
        discarded.clear();
        return discarded;
    }

    private Outcome perform(Request request, MessageBuffer reply) {
        begin();
        MessageBuffer out = output(request.noreply(), reply);
        switch (request) {
            case Request.Get get -> commands.get(get.keys(), get.returnCas(), out);
            case Request.GetAndTouch gat -> commands.getAndTouch(gat, out);
            case Request.Store set -> commands.store(set, out);
            case Request.CompareAndSwap cas -> commands.compareAndSwap(cas, out);
            case Request.Delete delete -> commands.delete(delete, out);
            case Request.Arithmetic arithmetic -> commands.arithmetic(arithmetic, out);
            case Request.Touch touch -> commands.touch(touch, out);
            case Request.FlushAll flush -> commands.flushAll(flush, out);
            case Request.Version version -> ResponseEncoder.version(out, VERSION);
            case Request.Stats stats -> StatsReply.write(this, stats.arguments(), out);
            case Request.Verbosity verbosity -> ResponseEncoder.reply(out, Reply.OK);
            case Request.Quit quit -> {
                return Outcome.CLOSE;
            }
        }
        return Outcome.KEEP_OPEN;
    }

    private void charge(long bytesCopied) {
        guest.charge(settings.requestNanos() + copyNanos(bytesCopied));
    }

    private long copyNanos(long bytes) {
        return bytes * settings.copyNanosPerKib() / 1024;
    }
}
