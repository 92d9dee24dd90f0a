package org.overbook.live.edge;

import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.jctools.queues.SpscUnboundedArrayQueue;
import org.overbook.live.gateway.ReplySink;

/**
 * Replies from the simulation thread to the I/O thread: a JCTools single-producer single-consumer queue (one
 * simulation thread, one Netty event loop), and one drain task submitted to the event loop while replies wait.
 * It is the gateway's {@link ReplySink} in a live session.
 */
final class Outbox implements ReplySink {

    private final SpscUnboundedArrayQueue<Outgoing> queue = new SpscUnboundedArrayQueue<>(1024);
    private final AtomicBoolean drainScheduled = new AtomicBoolean();
    private final Executor ioThread;
    private final Consumer<Outgoing> deliver;
    private final Runnable flush;

    Outbox(Executor ioThread, Consumer<Outgoing> deliver, Runnable flush) {
        this.ioThread = ioThread;
        this.deliver = deliver;
        this.flush = flush;
    }

    @Override
    public void reply(int connection, byte[] bytes, int offset, int length, int requestBytes) {
        byte[] copy = new byte[length];
        System.arraycopy(bytes, offset, copy, 0, length);
        queue.offer(new Outgoing(connection, copy, requestBytes, false));
        wake();
    }

    @Override
    public void close(int connection) {
        queue.offer(new Outgoing(connection, new byte[0], 0, true));
        wake();
    }

    private void wake() {
        if (drainScheduled.compareAndSet(false, true)) {
            ioThread.execute(this::drain);
        }
    }

    /** On the I/O thread: delivers every reply waiting, then flushes the sockets written. */
    private void drain() {
        drainScheduled.set(false);
        Outgoing next;
        while ((next = queue.poll()) != null) {
            deliver.accept(next);
        }
        flush.run();
    }
}
