package org.overbook.workloads.client;

import java.util.ArrayList;
import java.util.List;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.WorkloadParameters;

/**
 * What every load generator shares: where it connects, how it loads, how long it runs, how it
 * paces requests and how big its buffers are. The key space and the request mix are the
 * {@link Profile}'s.
 *
 * @param targets          the server tenants, connections spread over them round robin
 * @param service          the service the servers listen on
 * @param connections      connections in all (memaslap's concurrency)
 * @param depth            requests outstanding per connection (1: memaslap's blocking client)
 * @param open             open loop (arrivals at a rate) instead of closed loop
 * @param ratePerSecond    open loop: mean arrivals per second, exponential gaps; 0 for the
 *                         profile's own arrival process (ETC)
 * @param load             set every key once before running (the warm-up load)
 * @param warmupNanos      after the load, run this long without measuring (and at least until the run's
 *                         measured window opens, {@link org.overbook.guest.Guest#measuredWindowStart()})
 * @param durationNanos    measure this long (0: until {@code requests} are done)
 * @param requests         measured requests to issue (0: until {@code duration} is over)
 * @param verify           check every value read against what was last written
 * @param requestSizeMax   bytes per request buffer: the largest request sent (the server's buffer-size)
 * @param replyBufferSize  bytes per receive buffer (at least the server's reply-buffer-size)
 * @param receiveBuffers   receive buffers per connection
 * @param valueSizeLimit   values are clamped to this many bytes so that every set fits a request
 * @param startDelayNanos  wait before connecting, so servers have booted
 * @param costNanos        vCPU time per request (encoding, posting, parsing the reply)
 * @param backlogMax       open loop: requests waiting for a window slot beyond which arrivals are dropped
 * @param missPenaltyNanos a look-aside cache: a get that misses waits this long (the backend fetch; the
 *                         client's vCPU is free meanwhile), then sets the value, and only then completes.
 *                         0 (memaslap's behaviour): a miss costs nothing more
 * @param missFillSize     the size of a filled value whose key was never written before
 */
record ClientSettings(List<String> targets, String service, int connections, int depth, boolean open,
                      double ratePerSecond, boolean load, long warmupNanos, long durationNanos, long requests,
                      boolean verify, int requestSizeMax, int replyBufferSize, int receiveBuffers, int valueSizeLimit,
                      long startDelayNanos, long costNanos, int backlogMax, long missPenaltyNanos, int missFillSize) {

    static final int DEFAULT_REQUEST_SIZE_MAX = 8 << 10;
    /** Room left in a request buffer for a set's command line: a 250-byte key and every number. */
    static final int COMMAND_LINE_ROOM = 512;
    /** How often a connect is retried while the server has not listened yet, and how many times. */
    static final long CONNECT_RETRY_NANOS = 100_000;
    static final int CONNECT_RETRIES = 1_000;

    /**
     * Reads the shared parameters: {@code target} or {@code targets} (comma-separated, or a list), {@code service},
     * {@code <connectionsKey>}, {@code depth}, {@code loop} ({@code closed}, {@code open}), {@code rate},
     * {@code load}, {@code warmup}, {@code duration}, {@code requests}, {@code verify},
     * {@code request-size-max}, {@code reply-buffer-size}, {@code receive-buffers},
     * {@code value-size-limit}, {@code start-delay}, {@code client-cost}, {@code backlog-max},
     * {@code miss-penalty}, {@code miss-fill-size}.
     *
     * @param connectionsKey     what this generator calls its connections ({@code concurrency} for memaslap)
     * @param defaultConnections their default number
     * @param ownArrivals        whether the profile has an arrival process of its own, so that an
     *                           open loop needs no {@code rate}
     */
    static ClientSettings from(WorkloadParameters p, String connectionsKey, int defaultConnections, boolean ownArrivals) {
        List<String> targets = targets(p);
        String service = p.string("service", "memcached");
        int connections = (int) p.integer(connectionsKey, defaultConnections, 1, 4096);
        int depth = (int) p.integer("depth", 1, 1, 1024);
        boolean open = p.choice("loop", "closed", "closed", "open").equals("open");
        double rate = p.rate("rate", 0, 0, 1e10);
        if (open && rate == 0 && !ownArrivals) {
            throw new ConfigurationException(p.field("rate"), "an open loop needs a rate in requests per second");
        }
        boolean load = p.flag("load", true);
        long warmup = p.nanos("warmup", 0, 0, Long.MAX_VALUE / 4);
        long duration = p.nanos("duration", 1_000_000_000L, 0, Long.MAX_VALUE / 4);
        long requests = p.integer("requests", 0, 0, Long.MAX_VALUE);
        if (duration == 0 && requests == 0) {
            throw new ConfigurationException(p.field("duration"), "0 needs a number of requests to stop after");
        }
        if (duration > 0 && warmup >= duration) {
            throw new ConfigurationException(p.field("warmup"), warmup + " ns is not shorter than duration (" + duration
                    + " ns), so nothing would be measured; accepted: a warm-up shorter than the duration it is part of");
        }
        boolean verify = p.flag("verify", true);
        int requestSizeMax = (int) p.bytes("request-size-max", DEFAULT_REQUEST_SIZE_MAX, 1024, 64 << 20);
        int replyBufferSize = (int) p.bytes("reply-buffer-size", DEFAULT_REQUEST_SIZE_MAX, 512, 64 << 20);
        int receiveBuffers = (int) p.integer("receive-buffers", 16, 1, 4096);
        int valueSizeLimit = (int) p.bytes("value-size-limit", requestSizeMax - COMMAND_LINE_ROOM, 1,
                requestSizeMax - COMMAND_LINE_ROOM);
        long startDelay = p.nanos("start-delay", 10_000, 0, Long.MAX_VALUE / 4);
        long cost = p.nanos("client-cost", 1_000, 0, 1_000_000_000L);
        int backlogMax = (int) p.integer("backlog-max", 65_536, 1, 1 << 24);
        long missPenalty = p.nanos("miss-penalty", 0, 0, 1_000_000_000_000L);
        int missFillSize = (int) p.bytes("miss-fill-size", 1024, 1, valueSizeLimit);
        // every connection's request and reply buffers live in the guest's memory, allocated as it connects
        long perConnection = (long) powerOfTwo(depth + 1) * requestSizeMax + (long) receiveBuffers * replyBufferSize;
        p.requireFitsGuest(connectionsKey, connections * perConnection);
        return new ClientSettings(targets, service, connections, depth, open, rate, load, warmup, duration, requests,
                verify, requestSizeMax, replyBufferSize, receiveBuffers, valueSizeLimit, startDelay, cost, backlogMax,
                missPenalty, missFillSize);
    }

    private static List<String> targets(WorkloadParameters p) {
        String one = p.string("target", null);
        String many = p.string("targets", null);
        if (one != null && many != null) {
            throw new ConfigurationException(p.field("targets"), "give target or targets, not both");
        }
        String text = one != null ? one : many;
        if (text == null) {
            throw new ConfigurationException(p.field("targets"), "missing; name the server tenants, e.g. 'targets: s0,s1'");
        }
        List<String> names = new ArrayList<>();
        String list = text.strip();
        if (list.startsWith("[") && list.endsWith("]")) {
            list = list.substring(1, list.length() - 1); // a YAML list: [s0, s1]
        }
        for (String name : list.split(",")) {
            if (!name.isBlank()) {
                names.add(name.strip());
            }
        }
        if (names.isEmpty() || (one != null && names.size() != 1)) {
            throw new ConfigurationException(p.field(one != null ? "target" : "targets"), "'" + text + "' names no tenant"
                    + (one != null ? " (or several: use targets)" : ""));
        }
        return List.copyOf(names);
    }

    /** Returns the target tenant of connection {@code index}. */
    String targetOf(int index) {
        return targets.get(index % targets.size());
    }

    /** Returns the send ring: the window plus one slot for a request whose send has not completed yet. */
    int sendRing() {
        return powerOfTwo(depth + 1);
    }

    /** Returns the receive ring. */
    int receiveRing() {
        return powerOfTwo(receiveBuffers);
    }

    static int powerOfTwo(int n) {
        return n <= 1 ? 1 : Integer.highestOneBit(n - 1) << 1;
    }
}
