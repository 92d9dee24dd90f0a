package org.overbook.live.edge;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.eclipse.collections.impl.map.mutable.primitive.IntObjectHashMap;
import org.overbook.guest.ConfigurationException;
import org.overbook.live.gateway.ReplySink;

/**
 * The TCP side of a live session: listens on every address given, one gateway tenant each, and carries bytes
 * between the sockets and the simulation thread.
 *
 * <h2>Design</h2>
 * Netty, with one NIO event loop thread for every socket. Netty rather than plain NIO because its event loop
 * already does what a hand-written selector loop must get right (partial writes and write interest, read
 * back-pressure by {@code autoRead}, orderly close after the last write, accept errors), and one thread is
 * enough: the edge only frames bytes, while the model, single-threaded by design, is the bottleneck. Requests go
 * to the simulation thread through a JCTools MPSC queue ({@link Inbox}); replies come back through an SPSC queue
 * ({@link Outbox}) drained by a task on the event loop. Only the simulation thread touches the model; the state
 * here (the open sockets) is touched only by the event loop, except the counters the status line reads.
 */
public final class GatewayServer implements AutoCloseable {

    /**
     * The most reply bytes all clients together may leave unread (written here, not yet taken by their sockets), unless
     * the session sets another. Reading
     * stops at a socket whose replies pass Netty's write-buffer high-water mark, but the requests already in the model
     * still answer, and a get of many keys multiplies its request bytes thousands of times; past this budget the client
     * with the most replies unread is disconnected, as a server that holds copies of replies (Redis's client output
     * buffer limit) disconnects one, so that no client can make the gateway hold gigabytes.
     */
    public static final long DEFAULT_UNREAD_BUDGET = 256L << 20;

    private final List<EdgeLimits> listens;
    private final long unreadBudget;
    private final Inbox inbox;
    private final EventLoopGroup group;
    private final List<Channel> servers = new ArrayList<>();
    private final IntObjectHashMap<ClientHandler> clients = new IntObjectHashMap<>();
    private final Set<ClientHandler> written = new HashSet<>();
    private final Outbox outbox;
    private final int[] openByListen;
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicLong accepted = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private final AtomicLong backpressured = new AtomicLong();
    private final AtomicLong ioErrors = new AtomicLong();
    private final AtomicLong handlerFailures = new AtomicLong();
    private final AtomicLong unreadCloses = new AtomicLong();
    private final AtomicLongArray boundPorts;
    private int nextId;

    private GatewayServer(List<EdgeLimits> listens, Inbox inbox, long unreadBudget) {
        if (unreadBudget < 1) {
            throw new IllegalArgumentException("the unread budget must be positive: " + unreadBudget);
        }
        this.listens = List.copyOf(listens);
        this.unreadBudget = unreadBudget;
        this.inbox = inbox;
        this.group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        this.openByListen = new int[listens.size()];
        this.boundPorts = new AtomicLongArray(listens.size());
        this.outbox = new Outbox(group.next(), this::deliver, this::flushWritten);
    }

    /**
     * Binds every address and starts accepting; past {@code unreadBudget} bytes of replies left unread by all clients
     * ({@link #DEFAULT_UNREAD_BUDGET} unless a test wants less), the client with the most is closed.
     *
     * @throws ConfigurationException naming {@code --listen} and the address that cannot be bound
     */
    public static GatewayServer start(List<EdgeLimits> listens, Inbox inbox, long unreadBudget) {
        GatewayServer server = new GatewayServer(listens, inbox, unreadBudget);
        try {
            for (int i = 0; i < listens.size(); i++) {
                server.bind(i);
            }
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
        return server;
    }

    private void bind(int listen) {
        EdgeLimits limits = listens.get(listen);
        ServerBootstrap bootstrap = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.TCP_NODELAY, true)
                // a client that ends its sending half (nc -q1, shutdown(SHUT_WR)) still reads the replies owed
                .childOption(ChannelOption.ALLOW_HALF_CLOSURE, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        channel.pipeline().addLast(new ClientHandler(GatewayServer.this, listen, limits));
                    }
                });
        try {
            Channel channel = bootstrap.bind(limits.address()).sync().channel();
            servers.add(channel);
            boundPorts.set(listen, ((InetSocketAddress) channel.localAddress()).getPort());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while binding " + limits.address(), e);
        } catch (Exception e) {
            // an address in use or not this machine's: the user's to fix, named as --listen (exit 2, one line)
            throw new ConfigurationException("--listen", "cannot listen on " + limits.address() + ": " + e.getMessage());
        }
    }

    /** Returns the port listen address {@code listen} is bound to (the one chosen, for port 0). */
    public int port(int listen) {
        return (int) boundPorts.get(listen);
    }

    /** Returns where replies go: the gateway tenants' sink. */
    public ReplySink replies() {
        return outbox;
    }

    /** Returns the sockets open now. */
    public int openConnections() {
        return open.get();
    }

    /** Returns the connections accepted and refused so far, and the times reading stopped for back-pressure. */
    public long accepted() {
        return accepted.get();
    }

    public long refused() {
        return refused.get();
    }

    public long backpressureStops() {
        return backpressured.get();
    }

    public long ioErrors() {
        return ioErrors.get();
    }

    /** Returns the times a client handler failed with something other than a socket error (a fault of the edge). */
    public long handlerFailures() {
        return handlerFailures.get();
    }

    /** Returns the clients disconnected because the replies they left unread passed the unread budget. */
    public long unreadCloses() {
        return unreadCloses.get();
    }

    Inbox inbox() {
        return inbox;
    }

    /** On the event loop: admits a new client and returns its connection number, or -1 over the limit. */
    int admit(int listen, ClientHandler handler) {
        if (openByListen[listen] >= listens.get(listen).maxConnections()) {
            refused.incrementAndGet();
            return -1;
        }
        openByListen[listen]++;
        open.incrementAndGet();
        accepted.incrementAndGet();
        int id = nextId++;
        clients.put(id, handler);
        return id;
    }

    void gone(int id, int listen) {
        if (clients.remove(id) != null) {
            openByListen[listen]--;
            open.decrementAndGet();
        }
    }

    /** On the event loop, once a socket's unsent replies pass its high-water mark: keeps all of them within the budget. */
    void checkUnreadBudget() {
        long total = 0;
        ClientHandler most = null;
        for (ClientHandler client : clients.values()) {
            long unread = client.unread();
            total += unread;
            if (most == null || unread > most.unread()) {
                most = client;
            }
        }
        if (total > unreadBudget && most != null) {
            unreadCloses.incrementAndGet();
            most.disconnect();
        }
    }

    void backpressured() {
        backpressured.incrementAndGet();
    }

    void ioError() {
        ioErrors.incrementAndGet();
    }

    void handlerFailure() {
        handlerFailures.incrementAndGet();
    }

    private void deliver(Outgoing reply) {
        ClientHandler handler = clients.get(reply.connection());
        if (handler != null) {
            handler.deliver(reply);
            written.add(handler);
        }
    }

    private void flushWritten() {
        for (ClientHandler handler : written) {
            handler.flush();
        }
        written.clear();
    }

    @Override
    public void close() {
        for (Channel channel : servers) {
            channel.close().awaitUninterruptibly();
        }
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly();
    }
}
