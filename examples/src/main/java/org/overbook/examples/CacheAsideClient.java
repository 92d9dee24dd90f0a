package org.overbook.examples;

import java.nio.charset.StandardCharsets;
import java.util.random.RandomGenerator;
import org.overbook.guest.Guest;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.Workload;
import org.overbook.guest.WorkloadMetrics;
import org.overbook.guest.WorkloadParameters;
import org.overbook.guest.verbs.Access;
import org.overbook.guest.verbs.Completion;
import org.overbook.guest.verbs.CompletionQueue;
import org.overbook.guest.verbs.MemoryRegion;
import org.overbook.guest.verbs.QueuePair;
import org.overbook.guest.verbs.QueuePairConfig;
import org.overbook.guest.verbs.Verbs;
import org.overbook.guest.verbs.WorkRequest;

/**
 * A look-aside cache client, the way a web tier uses memcached: {@code get} a key; on a miss, "compute"
 * the value and {@code set} it. Its access pattern is its own: a window of {@code hot-keys} keys takes
 * {@code hot-probability} of the requests, and the window drifts one key forward every
 * {@code drift-every} requests, so yesterday's hot keys go cold and the server's LRU (and the host's
 * reclaim) must follow. It sends a request {@code think} after the last reply, and with a {@code rate} (requests a
 * second, {@code 2k/s}) no sooner than a request's share of a second after the last request left.
 *
 * <p>It talks to the built-in {@code memcached} workload in the text protocol, one request at a time,
 * over the tenant's verbs: a send for each request, a posted receive for each reply. Every value it
 * reads back is checked against the value it would have written, so a page the host lost shows up
 * as a mismatch.
 *
 * <p>Everything comes from the guest API: memory from {@link Guest#memory()}, time from
 * {@link Guest#now()}, randomness from {@link Guest#random()}, the network from {@link Guest#verbs()}.
 */
public final class CacheAsideClient implements Workload {

    /** The name scenarios use. */
    public static final String NAME = "cache-aside";

    /** Bytes of each request and reply buffer: one reply of the server's default 8 KiB reply buffers. */
    private static final int BUFFER = 8 << 10;

    private final String target;
    private final String service;
    private final int keys;
    private final int hotKeys;
    private final double hotProbability;
    private final long driftEvery;
    private final int valueSize;
    private final long thinkNanos;
    private final long intervalNanos;
    private final long requests;

    private Guest guest;
    private RandomGenerator random;
    private QueuePair qp;
    private long sendBuffer;
    private long receiveBuffer;
    private MemoryRegion region;
    private int key;
    private boolean setting;
    private long startedAt;

    private long done;
    private long hits;
    private long misses;
    private long mismatches;
    private long errors;
    private long latencyNanos;

    /** Reads and checks every parameter now, so a misspelt one fails before the run. */
    public CacheAsideClient(WorkloadParameters p) {
        this.target = p.requireString("target", "the memcached tenant's name");
        this.service = p.string("service", "memcached");
        this.keys = (int) p.integer("keys", 1_000, 1, 1_000_000);
        this.hotKeys = (int) p.integer("hot-keys", 50, 1, keys);
        this.hotProbability = p.real("hot-probability", 0.9, 0, 1);
        this.driftEvery = p.integer("drift-every", 100, 1, Long.MAX_VALUE);
        this.valueSize = (int) p.bytes("value-size", 512, 1, 4096);
        this.thinkNanos = p.nanos("think", 2_000, 0, 1_000_000_000L);
        double rate = p.rate("rate", 0, 0, 1e9); // 0: no pacing, think time alone
        this.intervalNanos = rate == 0 ? 0 : Math.round(1e9 / rate);
        this.requests = p.integer("requests", 2_000, 1, Long.MAX_VALUE);
    }

    @Override
    public void start(Guest guest) {
        this.guest = guest;
        this.random = guest.random();
        guest.schedule(10_000, this::connect); // give the server tenant time to boot and listen
    }

    private void connect() {
        Verbs verbs = guest.verbs();
        CompletionQueue sends = verbs.createCompletionQueue(4);
        CompletionQueue receives = verbs.createCompletionQueue(4);
        qp = verbs.connect(target, service, QueuePairConfig.of(sends, receives).withRings(2, 2));
        sendBuffer = guest.memory().allocate(2 * BUFFER);
        receiveBuffer = sendBuffer + BUFFER;
        region = verbs.register(sendBuffer, 2 * BUFFER, Access.LOCAL_WRITE);
        sends.onCompletion(c -> errors += c.ok() ? 0 : 1);
        receives.onCompletion(this::onReply);
        qp.postReceive(new WorkRequest.Receive(0, receiveBuffer, BUFFER, region.lkey()));
        next();
    }

    /** Picks a key (hot window or anywhere) and asks for it. */
    private void next() {
        if (done == requests) {
            return;
        }
        int windowStart = (int) ((done / driftEvery) % keys);
        key = random.nextDouble() < hotProbability ? (windowStart + random.nextInt(hotKeys)) % keys : random.nextInt(keys);
        setting = false;
        startedAt = guest.now();
        send("get key-" + key + "\r\n");
    }

    private void onReply(Completion completion) {
        if (!completion.ok()) {
            errors++;
            return;
        }
        byte[] bytes = new byte[completion.byteLength()];
        guest.memory().read(receiveBuffer, bytes, 0, bytes.length);
        qp.postReceive(new WorkRequest.Receive(0, receiveBuffer, BUFFER, region.lkey()));
        String reply = new String(bytes, StandardCharsets.ISO_8859_1);
        if (setting) {
            errors += reply.equals("STORED\r\n") ? 0 : 1;
            finish();
        } else if (reply.equals("END\r\n")) {
            misses++;
            setting = true;
            guest.charge(20_000); // the expensive computation a cache saves: 20 us
            send("set key-" + key + " 0 0 " + valueSize + "\r\n" + value(key) + "\r\n");
        } else {
            hits++;
            String expected = "VALUE key-" + key + " 0 " + valueSize + "\r\n" + value(key) + "\r\nEND\r\n";
            mismatches += reply.equals(expected) ? 0 : 1;
            finish();
        }
    }

    private void finish() {
        done++;
        latencyNanos += guest.now() - startedAt;
        guest.schedule(Math.max(thinkNanos, intervalNanos - (guest.now() - startedAt)), this::next);
    }

    /** Writes {@code request} into the send buffer and sends it as one message. */
    private void send(String request) {
        byte[] bytes = request.getBytes(StandardCharsets.ISO_8859_1);
        GuestMemory memory = guest.memory();
        memory.write(sendBuffer, bytes, 0, bytes.length);
        qp.postSend(new WorkRequest.Send(0, sendBuffer, bytes.length, region.lkey()));
    }

    /** Returns key {@code k}'s value: the same letters every time, so a read can be checked. */
    private String value(int k) {
        StringBuilder b = new StringBuilder(valueSize);
        for (int i = 0; i < valueSize; i++) {
            b.append((char) ('a' + (k * 31 + i) % 26));
        }
        return b.toString();
    }

    @Override
    public void report(WorkloadMetrics metrics) {
        metrics.counter("requests", done);
        metrics.counter("hits", hits);
        metrics.counter("misses", misses);
        metrics.counter("mismatches", mismatches);
        metrics.counter("errors", errors);
        metrics.gauge("hit_ratio", done == 0 ? 0 : (double) hits / done);
        metrics.gauge("latency_mean_us", done == 0 ? 0 : latencyNanos / 1e3 / done);
    }
}
