package org.overbook.workloads.client;

import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.random.RandomGenerator;
import org.HdrHistogram.Histogram;
import org.overbook.guest.Guest;
import org.overbook.guest.Workload;
import org.overbook.guest.WorkloadMetrics;
import org.overbook.guest.WorkloadParameters;
import org.overbook.guest.verbs.VerbsException;
import org.overbook.workloads.LatencyRecording;
import org.overbook.workloads.MessageSizes;
import org.overbook.workloads.dist.PoissonArrivals;
import org.overbook.workloads.VerifiedKeys;
import org.overbook.workloads.load.Operation;
import org.overbook.workloads.memcached.protocol.Response;
import org.overbook.workloads.memcached.protocol.RetrievalScanner;

/**
 * A memcached load generator in a client tenant: {@code memaslap}, {@code etc} or {@code ycsb},
 * according to its {@link Profile}.
 *
 * <h2>Design</h2>
 * The generator follows memaslap [1] and mutilate [2]. It opens {@code connections} connections
 * spread round robin over the {@code targets}; key {@code k} belongs to connection {@code k mod
 * connections}, as a memcached client hashes a key to one server and memaslap gives each
 * concurrency its own window of keys. A run has three phases:
 * <ol>
 *   <li>Load: every key is set once (memaslap's and YCSB's load phase), closed loop, not measured.</li>
 *   <li>Warm-up: {@code warmup} of the measured mix, not measured; it lasts at least until the run's
 *       measured window opens ({@link org.overbook.guest.Guest#measuredWindowStart()}, a scenario's
 *       {@code warm-up}), so the generator's figures cover the window the host's are measured over.</li>
 *   <li>Measure: for {@code duration}, or until {@code requests} operations were issued; then the
 *       generator stops issuing, waits for what is outstanding and goes quiet.</li>
 * </ol>
 * Pacing. Closed loop: {@code connections × depth} operations are in the system; each one answered
 * makes room for the next, drawn from the profile's stream and sent on its key's connection as soon
 * as that connection has fewer than {@code depth} outstanding. Open loop: operations arrive at
 * {@code rate} per second with exponential gaps (or ETC's fitted gaps when no rate is given) on a
 * schedule kept in absolute virtual time, so a slow server cannot slow the arrivals down; an arrival
 * that finds {@code backlog-max} operations waiting is dropped and counted.
 *
 * <p>Latency: closed loop, from the first post of an operation's request to the handler that reads
 * its reply (the reply's receive completion on the client's vCPU); open loop, from the operation's
 * scheduled arrival, so the wait for a window slot counts (no coordinated omission [3]). Recorded in
 * an HdrHistogram ({@link #latencyHistograms()}) for measured operations only: those whose reply arrives
 * once measuring has begun, whenever they were issued, so a window counts what completes in it;
 * throughput is measured operations over the time from the start of measuring to the last measured reply;
 * hit ratio is over the keys that measured reads asked for.
 *
 * <p>Verify mode ({@link Verifier}): every value read, in every phase, is checked byte for byte
 * against the last version this client wrote to that key; mismatches are reported (they must be
 * zero). Requests and replies are memcached text-protocol messages ({@link Requests},
 * {@link org.overbook.workloads.memcached.protocol.ResponseParser}).
 *
 * <p>[1] libmemcached, memaslap(1). [2] Leverich, Kozyrakis, "Reconciling High Server Utilization
 * and Sub-millisecond Quality-of-Service", EuroSys 2014 (mutilate). [3] G. Tene, "How NOT to Measure
 * Latency" (coordinated omission); HdrHistogram.
 */
public final class LoadGenerator implements Workload, LatencyRecording, VerifiedKeys, MessageSizes {

    /** The memaslap-like generator's name. */
    public static final String MEMASLAP = "memaslap";
    /** The Facebook ETC generator's name. */
    public static final String ETC = "etc";
    /** The YCSB generator's name. */
    public static final String YCSB = "ycsb";

    private enum Phase { CONNECTING, LOADING, WARMING, MEASURING, DRAINING, DONE }

    private final ClientSettings settings;
    /*
     * What every operation reads of the settings, copied here: with many tenants the settings record is one more
     * cold cache line per operation.
     */
    private final long capacity;
    private final boolean open;
    private final long requestLimit;
    private final Profile profile;
    private final ClientStats stats = new ClientStats();
    private final Verifier verifier = new Verifier();
    private Requests requests;
    private ReplyCheck replies;
    private Guest guest;
    private RandomGenerator operations;
    private RandomGenerator arrivals;
    private RandomGenerator loadValues;
    private ClientConnection[] connections;
    private int connectAttempts;
    /** Connections made and not failed. */
    private int liveConnections;
    private Phase phase = Phase.CONNECTING;
    private long nextLoadKey;
    private long inSystem;
    private long issued;
    private long nextArrival;
    private final Pending.Pool pendings = new Pending.Pool();
    /** The open loop's gaps when a rate is given; {@code null} for the profile's own. */
    private final PoissonArrivals poisson;

    private LoadGenerator(ClientSettings settings, Profile profile) {
        this.settings = settings;
        this.capacity = (long) settings.connections() * settings.depth();
        this.open = settings.open();
        this.requestLimit = settings.requests();
        this.profile = profile;
        this.poisson = settings.ratePerSecond() > 0 ? new PoissonArrivals(settings.ratePerSecond()) : null;
    }

    /** Creates the memaslap-like generator from its parameters. */
    public static LoadGenerator memaslap(WorkloadParameters p) {
        ClientSettings settings = ClientSettings.from(p, "concurrency", MemaslapProfile.DEFAULT_CONCURRENCY, false);
        return new LoadGenerator(settings, MemaslapProfile.from(p, settings));
    }

    /** Creates the Facebook ETC generator from its parameters. */
    public static LoadGenerator etc(WorkloadParameters p) {
        ClientSettings settings = ClientSettings.from(p, "connections", 4, true);
        return new LoadGenerator(settings, EtcProfile.from(p));
    }

    /** Creates the YCSB generator from its parameters. */
    public static LoadGenerator ycsb(WorkloadParameters p) {
        ClientSettings settings = ClientSettings.from(p, "connections", 4, false);
        return new LoadGenerator(settings, YcsbProfile.from(p, settings));
    }

    @Override
    public void start(Guest guest) {
        this.guest = guest;
        this.operations = guest.random("operations");
        this.arrivals = guest.random("arrivals");
        this.loadValues = guest.random("load");
        this.requests = new Requests(profile, verifier, settings.connections(), settings.valueSizeLimit(), settings.missFillSize());
        this.replies = new ReplyCheck(requests, verifier, stats, settings.verify());
        this.connections = new ClientConnection[settings.connections()];
        guest.schedule(settings.startDelayNanos(), this::connect);
    }

    /** Connects every connection, retrying while a target has not listened yet. */
    private void connect() {
        for (int i = 0; i < connections.length; i++) {
            if (connections[i] == null) {
                try {
                    connections[i] = new ClientConnection(this, settings, guest, settings.targetOf(i));
                    liveConnections++;
                } catch (VerbsException e) {
                    if (++connectAttempts > ClientSettings.CONNECT_RETRIES) {
                        throw new IllegalStateException(e.getMessage() + ", still after " + ClientSettings.CONNECT_RETRIES
                                + " tries " + ClientSettings.CONNECT_RETRY_NANOS / 1000 + " us apart; a server that boots slowly"
                                + " (pinning its memory first) needs a longer start-delay in this client's params", e);
                    }
                    guest.schedule(ClientSettings.CONNECT_RETRY_NANOS, this::connect);
                    return;
                }
            }
        }
        phase = Phase.LOADING;
        stats.keysToLoad = settings.load() ? profile.keysToLoad() : 0;
        advance();
    }

    /** Issues what the phase allows and moves to the next phase when this one is over. */
    private void advance() {
        switch (phase) {
            case LOADING -> {
                long keys = settings.load() ? profile.keysToLoad() : 0;
                while (inSystem < capacity && nextLoadKey < keys) {
                    Operation op = profile.loadOperation(nextLoadKey++, loadValues);
                    issue(pendings.take(op, /* load= */ true, guest.now()));
                }
                if (nextLoadKey >= keys && inSystem == 0) {
                    beginRun();
                }
            }
            case WARMING, MEASURING -> {
                while (!open && inSystem < capacity && mayIssue()) {
                    issueNext(guest.now());
                }
            }
            case DRAINING -> {
                if (inSystem == 0) {
                    phase = Phase.DONE;
                }
            }
            case CONNECTING, DONE -> { }
        }
    }

    private void beginRun() {
        phase = Phase.WARMING;
        stats.loadEnd = guest.now();
        long warm = Math.max(settings.warmupNanos(), guest.measuredWindowStart() - guest.now());
        if (warm > 0) {
            guest.schedule(warm, this::beginMeasuring);
        } else {
            beginMeasuring();
        }
        if (settings.open()) {
            nextArrival = guest.now();
            arrive();
        } else {
            advance();
        }
    }

    private void beginMeasuring() {
        phase = Phase.MEASURING;
        stats.measureStart = guest.now();
        if (settings.durationNanos() > 0) {
            guest.schedule(settings.durationNanos(), this::stop);
        }
    }

    private void stop() {
        if (phase == Phase.MEASURING || phase == Phase.WARMING) {
            phase = Phase.DRAINING;
            advance();
        }
    }

    /** Returns whether another operation may be issued; ends the run once {@code requests} were. */
    private boolean mayIssue() {
        if (phase == Phase.MEASURING && requestLimit > 0 && issued >= requestLimit) {
            stop();
            return false;
        }
        if (liveConnections == 0) {
            phase = Phase.DONE;
            return false;
        }
        return phase == Phase.WARMING || phase == Phase.MEASURING;
    }

    /** One open-loop arrival, and the scheduling of the next at its absolute time. */
    private void arrive() {
        if (!mayIssue()) {
            return;
        }
        if (waiting() >= settings.backlogMax()) {
            stats.droppedArrivals++;
        } else {
            issueNext(nextArrival);
        }
        long gap = poisson != null ? poisson.nextGapNanos(arrivals) : profile.nextGapNanos(arrivals);
        nextArrival += gap;
        guest.schedule(Math.max(0, nextArrival - guest.now()), this::arrive);
    }

    private void issueNext(long createdAt) {
        if (phase == Phase.MEASURING) {
            issued++;
        }
        issue(pendings.take(profile.stream().next(operations), /* load= */ false, createdAt));
    }

    private void issue(Pending pending) {
        ClientConnection connection = connections[requests.owner(pending.operationKey)];
        if (connection.failed()) {
            stats.failed++;
            return;
        }
        inSystem++;
        connection.submit(pending);
    }

    // ---- called by the connections ----

    Requests requests() {
        return requests;
    }

    /** A get's or a scan's reply arrived on {@code connection}: its values lie in {@code buf}, as {@code values} found. */
    void repliedValues(ClientConnection connection, Pending pending, RetrievalScanner values, byte[] buf) {
        pending.measured = measuring(pending);
        long hits = replies.gets(pending, values, buf);
        if (pending.kind == Operation.Kind.GET && hits == 0 && settings.missPenaltyNanos() > 0) {
            // A look-aside cache: fetch from the backend (the vCPU is free meanwhile), then fill.
            pending.phase = 1;
            if (pending.measured) {
                stats.backendFetches++;
            }
            guest.schedule(settings.missPenaltyNanos(), () -> connection.resubmit(pending));
            return;
        }
        if (pending.kind == Operation.Kind.READ_MODIFY_WRITE && pending.phase == 0) {
            pending.phase = 1;
            connection.resubmit(pending);
            return;
        }
        done(pending);
    }

    /** Any other reply to {@code pending}'s current request arrived: a set's, or an error. */
    void replied(Pending pending, Response response) {
        pending.measured = measuring(pending);
        replies.other(pending, response);
        done(pending);
    }

    /**
     * Returns whether a reply to {@code pending} arriving now is measured: the operation is not part of the load
     * phase, and measuring has begun (it covers every reply from then on, including those of operations issued
     * during the warm-up, as a window's throughput and latency do; an open loop's backlog from the warm-up is
     * measured as it drains, not hidden).
     */
    private boolean measuring(Pending pending) {
        return !pending.load && stats.measureStart >= 0;
    }

    private void done(Pending pending) {
        inSystem--;
        long now = guest.now();
        if (pending.load) {
            stats.loaded++;
        }
        if (pending.measured) {
            stats.completed++;
            long start = open ? pending.createdAt : pending.postedAt;
            stats.latency.recordValue(Math.max(0, now - start));
            stats.lastCompletion = now;
        }
        pendings.give(pending);
        advance();
    }

    /** {@code pending} was lost with its connection. */
    void failed(Pending pending) {
        inSystem--;
        stats.failed++;
        pendings.give(pending);
        advance();
    }

    /** {@code pending}'s request does not fit a request buffer; it is dropped. */
    void oversized(Pending pending) {
        inSystem--;
        stats.oversized++;
        pendings.give(pending);
    }

    void connectionFailed() {
        liveConnections--;
        stats.failedConnections++;
    }

    void unexpectedBytes(int bytes) {
        stats.unexpectedBytes += bytes;
    }

    private long waiting() {
        long waiting = 0;
        for (ClientConnection c : connections) {
            waiting += c.waiting();
        }
        return waiting;
    }

    // ---- results ----

    @Override
    public void report(WorkloadMetrics metrics) {
        stats.report(metrics);
        metrics.counter("finished", phase == Phase.DONE ? 1 : 0);
    }

    @Override
    public int largestMessageBytes() {
        return settings.requestSizeMax();
    }

    @Override
    public String verifiedKeyPrefix() {
        return settings.verify() ? profile.keyFormat().prefix() : null;
    }

    @Override
    public List<String> verifiedTargets() {
        return settings.targets();
    }

    @Override
    public SortedMap<String, Histogram> latencyHistograms() {
        SortedMap<String, Histogram> out = new TreeMap<>();
        out.put("requests", stats.latency.copy());
        return out;
    }
}
