package org.overbook.workloads.rdma;

import java.util.ArrayList;
import java.util.List;
import org.overbook.guest.Guest;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.verbs.Access;
import org.overbook.guest.verbs.Completion;
import org.overbook.guest.verbs.CompletionQueue;
import org.overbook.guest.verbs.EventCounter;
import org.overbook.guest.verbs.MemoryRegion;
import org.overbook.guest.verbs.QueuePair;
import org.overbook.guest.verbs.QueuePairConfig;
import org.overbook.guest.verbs.Verbs;
import org.overbook.guest.verbs.VerbsException;
import org.overbook.guest.verbs.WorkRequest;

/**
 * The measuring side of an RDMA microbenchmark: connects to the server, sends it the {@link Plan},
 * learns its buffer from the answer, then runs each size in turn ({@link PingPong} or {@link Stream})
 * and keeps the results.
 *
 * <p>Buffers: {@code buffers} source buffers and one destination buffer, each the largest size
 * rounded up to whole pages. The sources are registered once, or, with {@code register-per-message},
 * each message's source just before it is posted (the registration's cost lands in the message's
 * time) and deregistered when its send completes. The sources are written before the run, as
 * perftest initialises its buffers, so they are resident when the first message is read: what a
 * send-side fault or a registration then costs is the NIC's and the driver's work, not first touch.
 */
final class BenchmarkClient {

    static final long CONTROL = -1;
    private static final long RETRY_NANOS = 100_000;
    private static final int RETRIES = 1_000;
    /** Slots of the per-message tables, indexed by message id: more than any window. */
    static final int SLOTS = 2 * RdmaSettings.MAX_WINDOW;

    private final Guest guest;
    private final RdmaSettings settings;
    private final Pattern pattern;
    private final List<SizeResult> results = new ArrayList<>();
    private final MemoryRegion[] perMessage = new MemoryRegion[SLOTS];
    private Verbs verbs;
    private GuestMemory memory;
    private QueuePair qp;
    private CompletionQueue receives;
    private long control;
    private MemoryRegion controlRegion;
    private long destination;
    private MemoryRegion destinationRegion;
    private long sources;
    private MemoryRegion sourceRegion;
    private long stride;
    private long serverAddress;
    private int serverRkey;
    private int attempts;
    private int sizeIndex;
    private Run run;
    private long nextId;
    private long pongs;
    long errors;
    boolean finished;
    /** The virtual time the last size finished at, once {@link #finished}. */
    long finishedAtNanos;

    /** One size's measurement, fed the client's completions. */
    interface Run {
        void start();

        void onSent(Completion completion);

        void onReceived(Completion completion);
    }

    BenchmarkClient(Guest guest, RdmaSettings settings, Pattern pattern) {
        this.guest = guest;
        this.settings = settings;
        this.pattern = pattern;
    }

    void start() {
        verbs = guest.verbs();
        memory = guest.memory();
        guest.schedule(settings.startDelayNanos(), this::connect);
    }

    private void connect() {
        CompletionQueue sends = verbs.createCompletionQueue(4 * SLOTS);
        receives = verbs.createCompletionQueue(4 * SLOTS);
        try {
            qp = verbs.connect(settings.peer(), settings.service(), QueuePairConfig.of(sends, receives).withRings(SLOTS, SLOTS));
        } catch (VerbsException e) {
            if (++attempts > RETRIES) {
                throw e;
            }
            guest.schedule(RETRY_NANOS, this::connect);
            return;
        }
        stride = BenchmarkServer.pages(settings.maxSize());
        control = memory.allocate(2L * Plan.CONTROL_BYTES);
        controlRegion = verbs.register(control, 2L * Plan.CONTROL_BYTES, Access.LOCAL_WRITE);
        destination = memory.allocate(stride);
        destinationRegion = verbs.register(destination, stride, Access.LOCAL_WRITE | Access.REMOTE_WRITE);
        sources = memory.allocate(stride * settings.buffers());
        for (long page = 0; page < stride * settings.buffers(); page += GuestMemory.PAGE_SIZE) {
            memory.writeLong(sources + page, page); // the application's data: the sources are resident, as perftest's memset buffers
        }
        if (!settings.registerPerMessage()) {
            sourceRegion = verbs.register(sources, stride * settings.buffers(), 0);
        }
        sends.onCompletion(this::onSent);
        receives.onCompletion(this::onReceived);
        qp.postReceive(new WorkRequest.Receive(CONTROL, control, Plan.CONTROL_BYTES, controlRegion.lkey()));
        long plan = control + Plan.CONTROL_BYTES;
        Plan p = new Plan(destination, destinationRegion.rkey(), pattern, settings.sizes(),
                settings.warmup() + settings.iterations(), settings.window(), settings.detection(), settings.busyPoll(),
                settings.pollNanos());
        int length = p.write(memory, plan);
        qp.postSend(new WorkRequest.Send(CONTROL, plan, length, controlRegion.lkey()));
    }

    private void onSent(Completion completion) {
        if (!completion.ok()) {
            errors++;
            return;
        }
        if (completion.id() != CONTROL && run != null) {
            run.onSent(completion);
        }
    }

    /** A receive completed: the server's answer, or a message for the run. */
    void onReceived(Completion completion) {
        if (!completion.ok()) {
            errors++;
            return;
        }
        if (completion.id() == CONTROL) {
            serverAddress = memory.readLong(control);
            serverRkey = memory.readInt(control + 8);
            if (!pattern.writes()) {
                postReceive();
                postReceive();
            }
            nextSize();
        } else if (run != null) {
            run.onReceived(completion);
        }
    }

    /** Starts the next size, or finishes. */
    private void nextSize() {
        if (sizeIndex == settings.sizes().length) {
            run = null;
            finished = true;
            finishedAtNanos = guest.now();
            return;
        }
        int size = settings.sizes()[sizeIndex++];
        run = pattern.pingPong() ? new PingPong(this, guest, settings, size) : new Stream(this, guest, settings, size);
        run.start();
    }

    /** A size is done. */
    void finished(SizeResult result) {
        results.add(result);
        nextSize();
    }

    // ---- for the runs ----

    /** Posts message {@code id} of {@code size} bytes: a write to the server's buffer or a send. */
    void post(long id, int size) {
        long address = sources + (id % settings.buffers()) * stride;
        int lkey;
        if (settings.registerPerMessage()) {
            MemoryRegion region = verbs.register(address, size, 0);
            perMessage[(int) (id % SLOTS)] = region;
            lkey = region.lkey();
        } else {
            lkey = sourceRegion.lkey();
        }
        if (pattern.writes()) {
            int counter = pattern.pingPong() ? 0 : WorkRequest.RdmaWrite.NO_COUNTER;
            qp.postSend(new WorkRequest.RdmaWrite(id, address, size, lkey, serverAddress, serverRkey, false, counter));
        } else {
            qp.postSend(new WorkRequest.Send(id, address, size, lkey));
        }
    }

    /** Message {@code id}'s send completed: deregisters its source if it was registered for it. */
    void release(long id) {
        if (settings.registerPerMessage()) {
            int slot = (int) (id % SLOTS);
            if (perMessage[slot] != null) {
                verbs.deregister(perMessage[slot]);
                perMessage[slot] = null;
            }
        }
    }

    /** Posts a receive into the destination buffer (send ping-pong: for the pong). */
    void postReceive() {
        qp.postReceive(new WorkRequest.Receive(nextId(), destination, (int) stride, destinationRegion.lkey()));
    }

    long nextId() {
        return nextId++;
    }

    /** Returns the event-counter value the next pong brings: one more than the pongs so far. */
    long nextPong() {
        return ++pongs;
    }

    Pattern pattern() {
        return pattern;
    }

    EventCounter counter() {
        return verbs.eventCounter(0);
    }

    CompletionQueue receives() {
        return receives;
    }

    List<SizeResult> results() {
        return results;
    }
}
