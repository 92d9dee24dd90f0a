package org.overbook.workloads.rdma;

import org.HdrHistogram.Histogram;
import org.overbook.guest.Guest;
import org.overbook.guest.verbs.Completion;

/**
 * One size of a ping-pong (ib_write_lat, ib_send_lat): the client sends a message, the server answers
 * with one of the same size, and the client sends the next once the answer is detected. A write is
 * detected through the event counter the peer's write increments ({@code notify}); a send's answer
 * through its receive completion, busy-polled or by interrupt. The round trip runs from just before
 * the post (before the registration, with {@code register-per-message}) to the detection; the
 * histogram holds half of it, the one-way latency perftest reports.
 */
final class PingPong implements BenchmarkClient.Run {

    private final BenchmarkClient client;
    private final Guest guest;
    private final RdmaSettings settings;
    private final int size;
    private final Histogram histogram = new Histogram(3);
    private final Poller poller;
    private int done;
    private long sentAt;
    private boolean waiting;

    PingPong(BenchmarkClient client, Guest guest, RdmaSettings settings, int size) {
        this.client = client;
        this.guest = guest;
        this.settings = settings;
        this.size = size;
        boolean polled = !client.pattern().writes() && settings.busyPoll();
        this.poller = polled ? new Poller(guest, client.receives(), settings.pollNanos(), client::onReceived, () -> waiting) : null;
    }

    @Override
    public void start() {
        if (poller != null) {
            client.receives().onCompletion(null);
        }
        ping();
    }

    private void ping() {
        sentAt = guest.now();
        long id = client.nextId();
        client.post(id, size);
        if (client.pattern().writes()) {
            client.counter().await(client.nextPong(), settings.detection(), this::pong);
        } else {
            waiting = true;
            if (poller != null) {
                poller.start();
            }
        }
    }

    private void pong() {
        long roundTrip = guest.now() - sentAt;
        if (done >= settings.warmup()) {
            histogram.recordValue(Math.max(0, roundTrip / 2));
        }
        done++;
        if (done < settings.warmup() + settings.iterations()) {
            ping();
        } else {
            client.finished(new SizeResult(size, histogram, 0, 0, settings.iterations()));
        }
    }

    @Override
    public void onSent(Completion completion) {
        client.release(completion.id());
    }

    @Override
    public void onReceived(Completion completion) {
        waiting = false;
        client.postReceive();
        pong();
    }
}
