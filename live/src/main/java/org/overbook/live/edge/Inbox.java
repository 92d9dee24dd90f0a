package org.overbook.live.edge;

import java.util.concurrent.locks.LockSupport;
import org.jctools.queues.MpscUnboundedXaddArrayQueue;
import org.overbook.live.gateway.Arrival;

/**
 * Arrivals from the I/O thread(s) to the simulation thread: a JCTools multi-producer single-consumer queue, and a
 * wake-up of the simulation thread when it sleeps until its next event. Unbounded, because every producer is
 * bounded already: each connection stops being read at its pending-bytes limit, and connections are limited.
 */
public final class Inbox {

    private final MpscUnboundedXaddArrayQueue<Arrival> queue = new MpscUnboundedXaddArrayQueue<>(1024);
    private volatile Thread consumer;

    /** Makes {@code thread} the one woken when an arrival comes. */
    public void consumer(Thread thread) {
        this.consumer = thread;
    }

    /** Queues an arrival and wakes the simulation thread. */
    void offer(Arrival arrival) {
        queue.offer(arrival);
        Thread thread = consumer;
        if (thread != null) {
            LockSupport.unpark(thread);
        }
    }

    /** Returns the next arrival, or null; simulation thread only. */
    public Arrival poll() {
        return queue.poll();
    }

    /** Returns whether nothing waits. */
    public boolean isEmpty() {
        return queue.isEmpty();
    }
}
