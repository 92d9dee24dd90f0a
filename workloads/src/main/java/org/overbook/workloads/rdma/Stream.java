package org.overbook.workloads.rdma;

import org.HdrHistogram.Histogram;
import org.overbook.guest.Guest;
import org.overbook.guest.verbs.Completion;

/**
 * One size of a stream (ib_write_bw, ib_send_bw): {@code window} messages outstanding, the next
 * posted as each completes. First {@code warmup} messages unmeasured, then {@code iterations}
 * measured: bandwidth is their bytes over the time from just before the first post (its
 * registration included, with {@code register-per-message}) to the handler of the last completion;
 * the histogram holds each measured message's time from just before its post to its completion.
 */
final class Stream implements BenchmarkClient.Run {

    private final BenchmarkClient client;
    private final Guest guest;
    private final RdmaSettings settings;
    private final int size;
    private final Histogram histogram = new Histogram(3);
    private final long[] postedAt = new long[BenchmarkClient.SLOTS];
    private boolean measuring;
    private int target;
    private int posted;
    private int completed;
    private long startedAt;

    Stream(BenchmarkClient client, Guest guest, RdmaSettings settings, int size) {
        this.client = client;
        this.guest = guest;
        this.settings = settings;
        this.size = size;
    }

    @Override
    public void start() {
        burst(settings.warmup(), false);
    }

    private void burst(int messages, boolean measured) {
        measuring = measured;
        target = messages;
        posted = 0;
        completed = 0;
        startedAt = guest.now();
        if (messages == 0) {
            next();
            return;
        }
        fill();
    }

    private void fill() {
        while (posted < target && posted - completed < settings.window()) {
            long id = client.nextId();
            postedAt[(int) (id % BenchmarkClient.SLOTS)] = guest.now();
            client.post(id, size);
            posted++;
        }
    }

    @Override
    public void onSent(Completion completion) {
        client.release(completion.id());
        if (measuring) {
            histogram.recordValue(Math.max(0, guest.now() - postedAt[(int) (completion.id() % BenchmarkClient.SLOTS)]));
        }
        completed++;
        if (completed == target) {
            next();
        } else {
            fill();
        }
    }

    private void next() {
        if (!measuring) {
            burst(settings.iterations(), true);
        } else {
            long elapsed = guest.now() - startedAt;
            client.finished(new SizeResult(size, histogram, (long) size * settings.iterations(), elapsed, settings.iterations()));
        }
    }

    @Override
    public void onReceived(Completion completion) {
        // a stream's client receives nothing after the handshake
    }
}
