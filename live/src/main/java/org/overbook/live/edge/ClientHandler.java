package org.overbook.live.edge;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.overbook.live.gateway.Arrival;
import org.overbook.live.gateway.ReplyShape;

/**
 * One client socket on the I/O thread: frames what it reads into arrivals for the model, writes the model's replies
 * back, and applies the limits: a connection over {@code max-connections} is told memcached's {@code ERROR Too many
 * open connections} and closed; reading stops while the requests in the model exceed {@code pending-bytes-max}, and
 * while the replies not yet written to the socket pass Netty's write-buffer high-water mark (a client that does not
 * read its replies: memcached, too, reads no more of a connection whose replies it cannot write); and past the
 * gateway's budget of replies left unread ({@link GatewayServer#DEFAULT_UNREAD_BUDGET}), the client with the most is closed.
 */
final class ClientHandler extends ChannelInboundHandlerAdapter implements Frames {

    private static final byte[] TOO_MANY = "ERROR Too many open connections\r\n".getBytes(StandardCharsets.US_ASCII);

    private final GatewayServer server;
    private final int listen;
    private final EdgeLimits limits;
    private final RequestFramer framer;
    private ChannelHandlerContext context;
    private int id = -1;
    private long pending;
    private boolean closing;
    private byte[] chunk = new byte[8192];

    ClientHandler(GatewayServer server, int listen, EdgeLimits limits) {
        this.server = server;
        this.listen = listen;
        this.limits = limits;
        this.framer = new RequestFramer(limits.itemSizeMax(), limits.messageMax());
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        this.context = ctx;
        id = server.admit(listen, this);
        if (id < 0) {
            closing = true;
            ctx.writeAndFlush(Unpooled.wrappedBuffer(TOO_MANY)).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        server.inbox().offer(new Arrival.Open(id, listen));
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object message) {
        ByteBuf in = (ByteBuf) message;
        try {
            if (closing || framer.closed()) {
                return; // after quit or a fatal line, memcached reads nothing more
            }
            int count = in.readableBytes();
            if (chunk.length < count) {
                chunk = new byte[count];
            }
            in.readBytes(chunk, 0, count);
            framer.feed(chunk, 0, count, this);
            if (pending > limits.pendingBytesMax()) {
                stopReading();
            }
        } finally {
            in.release();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (id >= 0) {
            server.gone(id, listen);
            if (!closing) {
                server.inbox().offer(new Arrival.Close(id, /* clientGone= */ true));
            }
        }
    }

    /**
     * The client ended its sending half: as after {@code quit}, the replies owed are sent and then the connection
     * closes (memcached answers what it read before the end of the stream); a request cut by the end is dropped.
     */
    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        if (event instanceof ChannelInputShutdownEvent) {
            if (id >= 0 && !closing) {
                framer.end(this);
            }
            return;
        }
        super.userEventTriggered(ctx, event);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof IOException) {
            server.ioError(); // a reset or a broken pipe: the client is gone
        } else {
            server.handlerFailure(); // a fault of the edge itself: counted, so that it cannot pass unseen
        }
        ctx.close(); // channelInactive tells the model
    }

    // ---- Frames: what the framer found, on the I/O thread ----

    @Override
    public void request(byte[] bytes, ReplyShape shape, boolean quit) {
        pending += bytes.length;
        server.inbox().offer(new Arrival.Request(id, bytes, shape, quit));
    }

    @Override
    public void local(byte[] reply) {
        server.inbox().offer(new Arrival.Local(id, reply));
    }

    @Override
    public void close() {
        server.inbox().offer(new Arrival.Close(id, /* clientGone= */ false));
    }

    // ---- replies from the model, on the I/O thread ----

    /** Writes a reply (without flushing) and resumes reading once the model has caught up with this client. */
    void deliver(Outgoing reply) {
        if (!context.channel().isActive()) {
            return;
        }
        if (reply.bytes().length > 0) {
            context.write(Unpooled.wrappedBuffer(reply.bytes()), context.voidPromise());
        }
        pending -= reply.requestBytes();
        if (reply.close()) {
            closing = true;
            context.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        resumeReadingIfCaughtUp();
    }

    /** The replies waiting for this socket drained below the low-water mark: reading may resume. */
    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (ctx.channel().isWritable()) {
            resumeReadingIfCaughtUp();
        }
        ctx.fireChannelWritabilityChanged();
    }

    private void stopReading() {
        if (context.channel().config().isAutoRead()) {
            context.channel().config().setAutoRead(false);
            server.backpressured();
        }
    }

    private void resumeReadingIfCaughtUp() {
        if (!closing && pending <= limits.pendingBytesMax() && context.channel().isWritable()
                && !context.channel().config().isAutoRead()) {
            context.channel().config().setAutoRead(true);
        }
    }

    /**
     * Flushes the replies written; those the socket does not take wait here, and past the high-water mark reading stops
     * and the replies left unread by every client are checked against the gateway's budget.
     */
    void flush() {
        context.flush();
        if (!closing && context.channel().isActive() && !context.channel().isWritable()) {
            stopReading(); // the client does not read its replies as fast as they come: they pile up here
            server.checkUnreadBudget();
        }
    }

    /** Returns the bytes of replies written to this socket and not yet taken by it. */
    long unread() {
        ChannelOutboundBuffer unsent = context.channel().unsafe().outboundBuffer();
        return unsent == null ? 0 : unsent.totalPendingWriteBytes();
    }

    /** Closes the connection for the replies it left unread: the model is told as of a client that went away. */
    void disconnect() {
        context.close(); // channelInactive tells the model; the replies still to come for it are dropped by deliver
    }
}
