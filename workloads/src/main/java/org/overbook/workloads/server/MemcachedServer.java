package org.overbook.workloads.server;

import java.util.function.Consumer;
import org.eclipse.collections.impl.map.mutable.primitive.IntObjectHashMap;
import org.overbook.guest.Guest;
import org.overbook.guest.GuestOutOfMemoryException;
import org.overbook.guest.Workload;
import org.overbook.guest.WorkloadMetrics;
import org.overbook.guest.WorkloadParameters;
import org.overbook.guest.verbs.Completion;
import org.overbook.guest.verbs.CompletionQueue;
import org.overbook.guest.verbs.QueuePair;
import org.overbook.guest.verbs.QueuePairConfig;
import org.overbook.guest.verbs.Verbs;
import org.overbook.workloads.MessageSizes;
import org.overbook.workloads.memcached.MemcachedEngine;
import org.overbook.workloads.memcached.MemcachedSettings;
import org.overbook.workloads.memcached.protocol.RequestParser;

/**
 * The {@code memcached} workload: a memcached-like server in a server tenant, speaking memcached's
 * text protocol over the tenant's virtual function.
 *
 * <h2>Design</h2>
 * The server is the network half around {@link MemcachedEngine}, the way the RDMA ports of memcached
 * replace its socket layer [1][2]. It listens on a service ({@code memcached}); each connection gets
 * {@code receive-buffers} receive buffers of {@code buffer-size} bytes and {@code reply-buffers}
 * reply buffers of {@code reply-buffer-size} bytes, allocated from guest memory and registered as one
 * region each, so the tenant's memory policy (pinning, on-demand paging...) applies to them exactly as
 * to any other registration. A request arrives by receive DMA into a posted buffer; on its completion
 * (after the interrupt latency, on the tenant's vCPU) the server reads the message, runs it through
 * the engine request by request, writes the replies into reply buffers and sends them, then reposts
 * the receive buffer. Both directions can take network page faults, and the engine's item memory
 * takes guest faults: the three places [1] shows a memcached tenant paying for overcommit.
 *
 * <p>Messages, not streams (docs/ARCHITECTURE.md, "The data path"): a request is one message. The largest request
 * accepted is one receive buffer, {@code buffer-size} bytes (8 KiB by default), so the largest value a
 * set can carry is {@code buffer-size} minus its command line (at most 250 bytes of key and 60 of
 * numbers) minus 2, and never more than the engine's {@code item-size-max}. A longer message does not
 * fit any posted buffer: the NIC refuses it, the client's send completes with {@code
 * REMOTE_INVALID_REQUEST} and that connection goes to the error state; nothing reaches the engine and
 * the other connections go on. A message may carry several requests (pipelining); replies keep their
 * order. A reply is a byte stream cut into messages of at most {@code reply-buffer-size} bytes, so a
 * client reassembles replies longer than one buffer. A retrieval whose reply would exceed {@code
 * reply-size-max} (default twice {@code item-size-max}) is answered {@code SERVER_ERROR out of memory
 * writing get response}, as memcached answers when it cannot build one.
 *
 * <p>Robustness: the engine answers every input with memcached's own replies, so bad input never
 * throws; {@code quit} stops the server reading that connection (what it had answered before still
 * leaves); a connection whose queue pair fails is dropped; a connection the guest has no memory for
 * is counted ({@code rejected_connections}) and disconnected, as memcached closes a socket it cannot
 * allocate a connection for ({@code conn_new} failing): its queue pair and the client's go to the error
 * state, so the client's posts complete as flushed instead of waiting, and nothing it sent is run.
 * Completion queues are shared by all connections (a listener has one configuration) and sized for
 * {@code max-connections}.
 *
 * <p>Parameters: the engine's ({@link MemcachedSettings#from}) and the server's
 * ({@link ServerSettings#from}). Reported: the engine's statistics under memcached's names and the
 * server's counters ({@code curr_connections}, {@code server_messages}, ...).
 *
 * <p>[1] Lesokhin et al., "Page Fault Support for Network Controllers", ASPLOS 2017 (memcached over
 * RDMA under overcommit). [2] Jose et al., "Memcached Design on High Performance RDMA Capable
 * Interconnects", ICPP 2011.
 */
public final class MemcachedServer implements Workload, Consumer<Completion>, MessageSizes {

    /** The name scenarios use. */
    public static final String NAME = "memcached";

    private static final int RECENT = 16;

    private final MemcachedSettings engineSettings;
    private final ServerSettings settings;
    private final ServerCounters counters = new ServerCounters();
    private final IntObjectHashMap<ServerConnection> connections = new IntObjectHashMap<>(); // by queue pair number
    /**
     * The connections found last, by their queue pair number's low bits: a completion's connection is
     * mostly here, found without the hash map's three objects (each a likely cache miss with many tenants).
     */
    private final ServerConnection[] recent = new ServerConnection[RECENT];
    /** The connection found last, looked at first: a server with one connection then reads no table at all. */
    private ServerConnection last;
    private Guest guest;
    private MemcachedEngine engine;
    private RequestParser parser;

    /** Reads the engine's and the server's parameters. */
    public MemcachedServer(WorkloadParameters parameters) {
        this.engineSettings = MemcachedSettings.from(parameters);
        this.settings = ServerSettings.from(parameters, engineSettings);
    }

    @Override
    public void start(Guest guest) {
        this.guest = guest;
        this.engine = new MemcachedEngine(guest, engineSettings, settings.replySizeMax());
        this.parser = new RequestParser(engineSettings.itemSizeMax());
        Verbs verbs = guest.verbs();
        CompletionQueue receives = verbs.createCompletionQueue(settings.completionQueueCapacity(settings.receiveRing()));
        CompletionQueue sends = verbs.createCompletionQueue(settings.completionQueueCapacity(settings.sendRing()));
        receives.onCompletion(this);
        sends.onCompletion(this::onSent);
        verbs.listen(settings.service(), QueuePairConfig.of(sends, receives).withRings(settings.sendRing(), settings.receiveRing()),
                this::onConnection);
    }

    private void onConnection(QueuePair qp) {
        try {
            connections.put(qp.number(), new ServerConnection(this, qp, guest.verbs(), guest.memory()));
            counters.accepted++;
            counters.open++;
        } catch (GuestOutOfMemoryException e) {
            counters.rejected++;
            qp.disconnect(); // nothing was allocated: the buffers are the connection's first allocation
        }
    }

    /**
     * A request's message is in: the receive queue's handler is the server itself, not a method reference, which
     * would be one more cold object to read a request with many tenants.
     */
    @Override
    public void accept(Completion completion) {
        onReceive(completion);
    }

    private void onReceive(Completion completion) {
        ServerConnection connection = connection(completion.queuePair());
        if (connection == null) {
            counters.strayCompletions++;
        } else {
            connection.onReceive(completion);
        }
    }

    private void onSent(Completion completion) {
        ServerConnection connection = connection(completion.queuePair());
        if (connection == null) {
            counters.strayCompletions++;
        } else {
            connection.onSent(completion);
        }
    }

    private ServerConnection connection(int queuePair) {
        ServerConnection connection = last;
        if (connection != null && connection.queuePairNumber() == queuePair) {
            return connection;
        }
        int slot = queuePair & (RECENT - 1);
        connection = recent[slot];
        if (connection == null || connection.queuePairNumber() != queuePair) {
            connection = connections.get(queuePair);
            if (connection == null) {
                return null;
            }
            recent[slot] = connection;
        }
        last = connection;
        return connection;
    }

    /** A connection stopped serving (quit or a failed queue pair). */
    void closed() {
        counters.open--;
    }

    /** Returns the largest reply message: a reply longer than a reply buffer goes as several. */
    @Override
    public int largestMessageBytes() {
        return settings.replyBufferSize();
    }

    ServerSettings settings() {
        return settings;
    }

    MemcachedEngine engine() {
        return engine;
    }

    RequestParser parser() {
        return parser;
    }

    ServerCounters counters() {
        return counters;
    }

    @Override
    public void report(WorkloadMetrics metrics) {
        if (engine != null) {
            engine.report(metrics);
        }
        counters.report(metrics, connections.values());
    }

    /** Returns the largest array any connection's reply backlog holds (for tests of its bound). */
    int largestBacklogCapacity() {
        int largest = 0;
        for (ServerConnection connection : connections.values()) {
            largest = Math.max(largest, connection.backlogCapacity());
        }
        return largest;
    }
}
