package org.overbook.live.gateway;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.eclipse.collections.impl.map.mutable.primitive.IntObjectHashMap;
import org.overbook.guest.Guest;
import org.overbook.guest.GuestOutOfMemoryException;
import org.overbook.guest.Workload;
import org.overbook.guest.WorkloadMetrics;
import org.overbook.guest.WorkloadParameters;
import org.overbook.guest.verbs.VerbsException;
import org.overbook.workloads.LatencyRecording;

/**
 * The {@code gateway} workload: a client-host tenant that stands for the real clients of a live session. Each
 * TCP connection the session accepts on this gateway's listen address is bound to a connection of this tenant to
 * its server tenant ({@link ModelConnection}); each request the client sends crosses the modelled link and the
 * server's VF into its memcached exactly as a load generator's does, and the reply comes back the same way to be
 * sent to the socket. Nothing is parsed into objects: request bytes are posted as the client wrote them, and
 * replies are cut at their ends ({@link ReplyScanner}) and passed on.
 *
 * <h2>Design</h2>
 * The gateway receives {@link Arrival}s, each applied on this tenant's vCPU at the virtual time the session gave
 * it, and sends replies to a {@link ReplySink}. It keeps the model connections in a pool, as a memcached proxy
 * (twemproxy, mcrouter) keeps its server connections: a client borrows one for its lifetime and gives it back
 * once every request it sent is answered, so clients that come and go do not pile up connections on the server.
 * Until the server listens (it may be pinning its memory first), clients wait, their requests queued in order.
 *
 * <p>Latency is the model's: from posting a request's send to the handler that has read the whole reply, in
 * virtual nanoseconds ({@link #latencyHistograms()}), for requests with a reply. Time spent in TCP and in the
 * session's queues is not in it.
 */
public final class GatewayEndpoint implements Workload, LatencyRecording {

    /** The name scenarios use. */
    public static final String NAME = "gateway";

    private final GatewaySettings settings;
    private final GatewayCounters counters = new GatewayCounters();
    private final IntObjectHashMap<Binding> clients = new IntObjectHashMap<>();
    private final ArrayDeque<ModelConnection> pool = new ArrayDeque<>();
    private final ArrayDeque<Binding> waitingForServer = new ArrayDeque<>();
    private ReplySink sink = ReplySink.discard();
    private final ArrayDeque<Arrival> beforeStart = new ArrayDeque<>();
    private Guest guest;
    private boolean serverListens;
    private int connectAttempts;

    /** Reads the gateway's parameters. */
    public GatewayEndpoint(WorkloadParameters parameters) {
        this.settings = GatewaySettings.from(parameters);
    }

    /** Returns which listen address of the session feeds this gateway. */
    public int listen() {
        return settings.listen();
    }

    /** Sends replies to {@code replies} from now on (before the simulation runs). */
    public void replyTo(ReplySink replies) {
        this.sink = replies;
    }

    @Override
    public void start(Guest guest) {
        this.guest = guest;
        guest.schedule(0, this::connectFirst);
        while (!beforeStart.isEmpty()) {
            arrive(beforeStart.poll());
        }
    }

    /**
     * Applies {@code arrival} on this tenant's vCPU: called by the session, from a simulation event at the
     * arrival's virtual time.
     */
    public void arrive(Arrival arrival) {
        if (guest == null) {
            beforeStart.add(arrival); // the tenant has not booted yet (its memory is still being pinned)
            return;
        }
        guest.schedule(0, () -> apply(arrival));
    }

    /** Returns the requests answered so far. */
    public long requestsAnswered() {
        return counters.requests;
    }

    /** Returns the modelled latency of every request answered so far (a live copy: read it on the simulation thread). */
    public Histogram latency() {
        return counters.latency;
    }

    private void apply(Arrival arrival) {
        Binding client = clients.get(arrival.connection());
        switch (arrival) {
            case Arrival.Open open -> open(open.connection());
            case Arrival.Request request -> {
                if (client == null || client.ending) {
                    counters.strayArrivals++;
                    return;
                }
                Entry entry = Entry.request(request);
                client.owed.add(entry);
                client.unposted.add(entry);
                progress(client);
            }
            case Arrival.Local local -> {
                if (client == null || client.ending) {
                    counters.strayArrivals++;
                    return;
                }
                client.owed.add(Entry.local(local.reply()));
                progress(client);
            }
            case Arrival.Close close -> {
                if (client == null) {
                    counters.strayArrivals++;
                    return;
                }
                if (close.clientGone()) {
                    client.forgetUnsent();
                } else if (!client.ending) {
                    client.ending = true;
                    client.owed.add(Entry.close());
                }
                if (client.connection == null) {
                    if (client.gone) {
                        waitingForServer.remove(client);
                        clients.remove(client.id);
                    }
                    return;
                }
                progress(client);
            }
        }
    }

    private void open(int id) {
        if (clients.containsKey(id)) {
            counters.strayArrivals++;
            return;
        }
        Binding client = new Binding(id);
        clients.put(id, client);
        counters.clients++;
        if (serverListens) {
            lend(client);
        } else {
            waitingForServer.add(client);
        }
    }

    /** Connects the first model connection, retrying while the server does not listen yet. */
    private void connectFirst() {
        try {
            pool.add(newConnection());
        } catch (VerbsException e) {
            if (++connectAttempts > GatewaySettings.CONNECT_RETRIES) {
                throw e;
            }
            guest.schedule(GatewaySettings.CONNECT_RETRY_NANOS, this::connectFirst);
            return;
        }
        serverListens = true;
        while (!waitingForServer.isEmpty()) {
            lend(waitingForServer.poll());
        }
    }

    private ModelConnection newConnection() {
        ModelConnection connection = new ModelConnection(this, settings, guest);
        counters.modelConnections++;
        return connection;
    }

    /** Binds {@code client} to a pooled model connection, or a new one; without room for one, refuses the client. */
    private void lend(Binding client) {
        ModelConnection connection = pool.poll();
        while (connection != null && connection.retired()) {
            connection = pool.poll();
        }
        if (connection == null) {
            try {
                connection = newConnection();
            } catch (GuestOutOfMemoryException | VerbsException e) {
                counters.refusedClients++;
                client.drop();
                byte[] reply = "SERVER_ERROR out of memory\r\n".getBytes(StandardCharsets.US_ASCII);
                send(client, reply, 0, reply.length, 0);
                closeClient(client);
                return;
            }
        }
        connection.bind(client);
    }

    private void progress(Binding client) {
        if (client.connection != null) {
            client.connection.progress();
        }
    }

    // ---- called by the model connections ----

    GatewayCounters counters() {
        return counters;
    }

    void send(Binding client, byte[] bytes, int offset, int length, int requestBytes) {
        if (client.gone) {
            counters.droppedReplies++;
        } else {
            sink.reply(client.id, bytes, offset, length, requestBytes);
        }
    }

    void answered(Binding client, Entry entry, byte[] reply, int length) {
        counters.answered(entry, guest.now(), length);
        send(client, reply, 0, length, entry.requestBytes());
    }

    void closeClient(Binding client) {
        if (!client.gone) {
            sink.close(client.id);
        }
        client.gone = true;
        clients.remove(client.id);
    }

    /** {@code client} is done with {@code connection}: pooled again, or freed if retired. */
    void finished(Binding client, ModelConnection connection) {
        clients.remove(client.id);
        if (connection.retired()) {
            connection.freeIfRetiredAndIdle(); // or on its last send's completion
        } else {
            pool.add(connection);
        }
    }

    /** {@code client}'s model connection failed: its socket is closed. */
    void failed(Binding client) {
        closeClient(client);
    }

    @Override
    public void report(WorkloadMetrics metrics) {
        counters.report(metrics);
    }

    @Override
    public SortedMap<String, Histogram> latencyHistograms() {
        SortedMap<String, Histogram> out = new TreeMap<>();
        out.put("requests", counters.latency.copy());
        return out;
    }
}
