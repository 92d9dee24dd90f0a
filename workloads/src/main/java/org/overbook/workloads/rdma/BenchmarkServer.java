package org.overbook.workloads.rdma;

import org.eclipse.collections.impl.map.mutable.primitive.IntObjectHashMap;
import org.overbook.guest.Guest;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.WorkloadMetrics;
import org.overbook.guest.verbs.Access;
import org.overbook.guest.verbs.Completion;
import org.overbook.guest.verbs.CompletionQueue;
import org.overbook.guest.verbs.MemoryRegion;
import org.overbook.guest.verbs.QueuePair;
import org.overbook.guest.verbs.QueuePairConfig;
import org.overbook.guest.verbs.Verbs;
import org.overbook.guest.verbs.WorkRequest;

/**
 * The passive side of an RDMA microbenchmark: listens, learns each client's {@link Plan} from its
 * first message, answers with a destination buffer (registered for remote writes), then echoes
 * (ping-pong) or absorbs (stream) what the client sends, reposting receives as they are used.
 */
final class BenchmarkServer {

    /** Rings are fixed at listen time, before any plan is known: room for the largest window twice. */
    static final int RING = 2 * RdmaSettings.MAX_WINDOW;
    static final long CONTROL = -1;

    private final Guest guest;
    private final RdmaSettings settings;
    private final IntObjectHashMap<Echo> echoes = new IntObjectHashMap<>(); // by queue pair number
    private CompletionQueue receives;
    private Poller poller;
    long messages;
    long errors;

    BenchmarkServer(Guest guest, RdmaSettings settings) {
        this.guest = guest;
        this.settings = settings;
    }

    void start() {
        Verbs verbs = guest.verbs();
        CompletionQueue sends = verbs.createCompletionQueue(8 * RING);
        receives = verbs.createCompletionQueue(8 * RING);
        sends.onCompletion(this::onSent);
        receives.onCompletion(this::onReceived);
        poller = new Poller(guest, receives, settings.pollNanos(), this::onReceived,
                () -> echoes.anySatisfy(Echo::expecting));
        verbs.listen(settings.service(), QueuePairConfig.of(sends, receives).withRings(RING, RING),
                qp -> echoes.put(qp.number(), new Echo(qp)));
    }

    private void onReceived(Completion completion) {
        Echo echo = echoes.get(completion.queuePair());
        if (!completion.ok() || echo == null) {
            errors++;
            return;
        }
        echo.onReceived(completion);
    }

    private void onSent(Completion completion) {
        if (!completion.ok()) {
            errors++;
        }
    }

    void report(WorkloadMetrics metrics) {
        metrics.counter("connections", echoes.size());
        metrics.counter("messages", messages);
        metrics.counter("errors", errors);
    }

    /** One client's connection. */
    private final class Echo {

        private final QueuePair qp;
        private final GuestMemory memory = guest.memory();
        private final long control;
        private final MemoryRegion controlRegion;
        private Plan plan;
        private long buffer;
        private MemoryRegion bufferRegion;
        private long received;
        private long awaited;

        Echo(QueuePair qp) {
            this.qp = qp;
            this.control = memory.allocate(2L * Plan.CONTROL_BYTES);
            this.controlRegion = guest.verbs().register(control, 2L * Plan.CONTROL_BYTES, Access.LOCAL_WRITE);
            qp.postReceive(new WorkRequest.Receive(CONTROL, control, Plan.CONTROL_BYTES, controlRegion.lkey()));
        }

        /** Whether a polled ping-pong still expects messages. */
        boolean expecting() {
            return plan != null && plan.busyPoll() && plan.pattern() == Pattern.SEND_LATENCY && received < plan.total();
        }

        void onReceived(Completion completion) {
            if (plan == null) {
                accept(completion);
                return;
            }
            received++;
            messages++;
            if (plan.pattern() == Pattern.SEND_LATENCY) {
                qp.postSend(new WorkRequest.Send(received, buffer, completion.byteLength(), bufferRegion.lkey()));
            }
            repost();
        }

        private void accept(Completion completion) {
            plan = Plan.read(memory, control, completion.byteLength());
            if (plan == null) {
                errors++;
                return;
            }
            long bytes = pages(plan.maxSize());
            buffer = memory.allocate(bytes);
            bufferRegion = guest.verbs().register(buffer, bytes, Access.LOCAL_WRITE | Access.REMOTE_WRITE);
            long answer = control + Plan.CONTROL_BYTES;
            int length = Plan.writeAnswer(memory, answer, buffer, bufferRegion.rkey());
            switch (plan.pattern()) {
                case SEND_LATENCY -> {
                    repost();
                    repost();
                    if (plan.busyPoll()) {
                        receives.onCompletion(null);
                        poller.start();
                    }
                }
                case SEND_BANDWIDTH -> {
                    for (int i = 0; i < Math.min(RING, 2 * plan.window()); i++) {
                        repost();
                    }
                }
                case WRITE_LATENCY -> awaitPing();
                case WRITE_BANDWIDTH -> { }
            }
            qp.postSend(new WorkRequest.Send(CONTROL, answer, length, controlRegion.lkey()));
        }

        /** Write ping-pong: waits for ping {@code awaited + 1}, writes the pong back, and waits again. */
        private void awaitPing() {
            if (awaited == plan.total()) {
                return;
            }
            long index = awaited++;
            guest.verbs().eventCounter(0).await(awaited, plan.detection(), () -> {
                messages++;
                qp.postSend(new WorkRequest.RdmaWrite(index, buffer, plan.sizeOf(index), bufferRegion.lkey(),
                        plan.address(), plan.rkey(), /* immediate= */ false, /* counter= */ 0));
                awaitPing();
            });
        }

        private void repost() {
            if (!qp.inError()) {
                qp.postReceive(new WorkRequest.Receive(received, buffer, plan.maxSize(), bufferRegion.lkey()));
            }
        }
    }

    static long pages(long bytes) {
        return (bytes + GuestMemory.PAGE_SIZE - 1) / GuestMemory.PAGE_SIZE * GuestMemory.PAGE_SIZE;
    }
}
