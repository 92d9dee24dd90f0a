package org.overbook.nic.vf;

import org.overbook.guest.verbs.CompletionStatus;
import org.overbook.guest.verbs.WorkRequest;
import org.overbook.hypervisor.sim.Action;
import org.overbook.hypervisor.sim.Simulation;
import org.overbook.nic.dma.PcieLink;
import org.overbook.nic.dma.Translator;
import org.overbook.nic.transport.RnrRetryCounter;
import org.overbook.nic.transport.RnrTimer;

/**
 * The sending half of a queue pair.
 *
 * <p>Work requests are read in order by the send engine: the DMA engine translates the local buffer
 * page by page; a page missing from the NIC page table is a send-side network page fault that stalls
 * this queue (and only this queue) until the host has resolved it together with every other page of
 * the request the NIC page table lacks (one fault per work request, as mlx5 ODP), after which
 * translation starts over, since pages translated earlier may have been invalidated meanwhile. Once every page
 * translates at one instant, the pages are locked for the DMA's duration and the bytes are read.
 *
 * <p>Packets. A message longer than the path MTU travels as packets, pipelined: the DMA engine issues
 * the reads of all its packets at once over the NIC's PCIe link ({@link PcieLink}), and each packet
 * goes on the wire as soon as its data is in, so the read of packet k+1 overlaps the wire time of
 * packet k (and the receiver's write of it). A message of one packet is one read and one send, as
 * before packets. The pages stay locked until the last packet's data is in.
 *
 * <p>Transmission is go-back-N over packet sequence numbers: packets are sent back to back, and an
 * acknowledgement completes every message whose last packet is at or before its sequence number. On the reliable transport a receiver that is not ready
 * answers RNR NACK; the requester then waits the RNR timer the receiver named and resends everything
 * from the NACKed packet on (the packets of its message before it were accepted), failing the request once {@code rnr_retry} is spent
 * (7: never). On the datagram
 * transport nothing is NACKed: the requester resends everything unacknowledged when its
 * retransmission timeout expires (200 ms minimum, doubling on each consecutive timeout, as TCP: {@link RetransmissionTimer}).
 * A retransmission resends the bytes read the first time.
 */
final class Requester extends SendQueues {

    private final QueuePairImpl qp;
    /** The VF's simulation, held here: reaching it through the queue pair and the VF is two cold reads in a row with many tenants. */
    private final Simulation simulation;
    /** The NIC's cost of reading a work request, held here: the VF is one more cold object with many tenants. */
    private final long wqeNanos;
    private final Action pumpAction = new Action() {
        @Override
        public void run() {
            pump();
        }
    };
    private final Action readAction = new Action() {
        @Override
        public void run() {
            readAsScheduled();
        }
    };
    /** The request whose read is scheduled ({@link #readAction}; at most one, as the send engine reads one at a time), and when. */
    private WorkRequest scheduledRead;
    private long scheduledReadTime;
    /** The message being read and its pages' frames ({@link #readPages} from {@link #readFirst}); see {@link #run}. */
    private Message readMessage;
    private int[] readFrames = new int[4];
    private int readFirst;
    private int readPages;
    private final RnrRetryCounter rnrRetries;
    /** Whether an RNR NACK has taken a retry since the last progress: only then has an acknowledgement a count to restore. */
    private boolean rnrRetryTaken;
    private boolean reading;
    /** The request being read while it is not yet a message in flight (its first packet unread), or null. */
    private WorkRequest unreadRequest;
    private boolean pumpScheduled;
    private boolean rnrWait;
    private long engineFree;
    private long nextPsn;
    /** Packets below this number have been on the wire: first sends go in sequence order (an RNR wait holds them). */
    private long sentBelow;
    private long nextNotification;
    /** This queue pair's traffic sent ({@link QueuePairImpl#messagesSent()}): counted here, not in the cold VF counters. */
    long messagesSent;
    long bytesSent;
    private final RetransmissionTimer timer;

    Requester(QueuePairImpl qp) {
        this.qp = qp;
        this.simulation = qp.vf.simulation();
        this.wqeNanos = qp.vf.costs().wqeNanos();
        this.rnrRetries = new RnrRetryCounter(qp.config.rnrRetry());
        this.timer = new RetransmissionTimer(simulation, qp.vf.costs().rtoNanos(), this::onTimeout);
    }

    /** Returns the send-ring slots taken: waiting, being read, or unacknowledged. */
    int outstanding() {
        return waitingCount() + (unreadRequest != null ? 1 : 0) + inFlightCount();
    }

    void post(WorkRequest request, long at) {
        addWaiting(request);
        schedulePump(at);
    }

    private void schedulePump(long at) {
        if (!pumpScheduled) {
            pumpScheduled = true;
            simulation.scheduleAt(Math.max(at, simulation.now()), pumpAction);
        }
    }

    /** Pumps within this event, as a pump scheduled for now would (unless one is): the next step needs no event. */
    private void pumpNow() {
        if (!pumpScheduled) {
            pump();
        }
    }

    private void pump() {
        pumpScheduled = false;
        if (reading || qp.inError() || firstWaiting() == null) {
            return;
        }
        WorkRequest request = firstWaiting();
        long now = simulation.now();
        if (!findRegion(qp.vf, request.lkey()) || !regionCovers(request.address(), request.length())) {
            pollWaiting();
            qp.counters.countProtectionError();
            qp.complete(qp.config.sendCompletions(), request, QueuePairImpl.opcodeOf(request),
                    CompletionStatus.LOCAL_PROTECTION_ERROR, 0, now);
            qp.fail();
            return;
        }
        SendCredits credits = credits();
        if (credits != null && !credits.take(Message.stagingSlots(request.length(), qp.wire.mtu()))) {
            return; // wait for acknowledgements to return credits
        }
        pollWaiting();
        reading = true;
        unreadRequest = request;
        read(request, Math.max(now, engineFree) + wqeNanos);
    }

    private void readAsScheduled() {
        WorkRequest request = scheduledRead;
        scheduledRead = null;
        read(request, scheduledReadTime);
    }

    /** Translates the buffer at {@code time}; stalls on a fault, else locks the pages and reads them. */
    private void read(WorkRequest request, long time) {
        if (time > simulation.now()) {
            scheduledRead = request;
            scheduledReadTime = time;
            simulation.scheduleAt(time, readAction);
            return;
        }
        if (qp.inError()) {
            reading = false; // the error flushed the request
            return;
        }
        Translator translator = qp.translator;
        int first = Pages.first(request.address());
        int pages = Pages.count(request.address(), request.length());
        if (readFrames.length < pages) {
            readFrames = new int[Math.max(pages, readFrames.length * 2)];
        }
        int[] frames = readFrames;
        translator.begin(time);
        for (int i = 0; i < pages; i++) {
            int frame = translator.translate(first + i);
            if (frame == Translator.NOT_PRESENT) {
                SendFault.resolve(qp.vf, first + i, first + pages, regionAccess(), time + translator.elapsed(), resolved -> read(request, resolved));
                return;
            }
            frames[i] = frame;
        }
        translator.lockRead(first, pages, frames);
        long at = time + translator.elapsed();
        Message message = new Message(request, payload(request.length()), qp.wire.mtu());
        readMessage = message;
        readFirst = first;
        readPages = pages;
        PcieLink pcie = translator.pcie();
        for (int k = 0; k < message.packets; k++) {
            int length = message.length(k);
            long done = length == 0 ? at : pcie.read(at, length);
            simulation.scheduleAt(done, this);
        }
    }

    /** A packet-read event. The requester is its own action: a method reference would be one more cold object. */
    @Override
    public void run() {
        packetRead();
    }

    /**
     * The next packet of the message being read has been read (the reads of a message's packets, booked
     * for one time on the link, end in order): the first packet takes the message's sequence numbers (and
     * its bytes, read under the locks held until the last packet is in); each goes on the wire unless an
     * RNR wait holds the queue (the resend after it sends what has been read); the last frees the send
     * engine.
     */
    private void packetRead() {
        Message message = readMessage;
        int index = message.read;
        int[] frames = readFrames;
        int first = readFirst;
        Translator translator = qp.translator;
        message.read = index + 1;
        if (index == 0) {
            unreadRequest = null;
            if (qp.inError()) {
                giveBack(message.payload); // the error flushed the request while its pages were read: nothing leaves
            } else {
                DmaCopy.out(translator, message.request.address(), frames, message.payload, message.length);
                transmit(message);
            }
        } else if (!rnrWait && !qp.inError()) {
            send(message, index);
        }
        if (index == message.packets - 1) {
            translator.endRead(first, readPages, frames);
            readMessage = null;
            reading = false;
            engineFree = simulation.now();
            pumpNow();
        }
    }

    private void transmit(Message message) {
        message.psn = nextPsn;
        nextPsn += message.packets;
        if (message.counter() >= 0) {
            message.notification = nextNotification++;
        }
        addInFlight(message);
        messagesSent++;
        bytesSent += message.length;
        if (!rnrWait) {
            send(message, 0);
        }
        startTimerIfIdle();
    }

    private void send(Message message, int index) {
        long psn = message.psn + index;
        if (psn < sentBelow) {
            qp.counters.countRetransmit();
        }
        sentBelow = Math.max(sentBelow, psn + 1);
        qp.wire.data(message, index);
    }

    // ---- answers from the responder ----

    void onAck(long psn) {
        boolean progress = false;
        while (oldestInFlight() != null && oldestInFlight().lastPsn() <= psn) {
            Message done = pollInFlight();
            if (credits() != null) {
                credits().giveBack(Message.stagingSlots(done.length, done.mtu));
            }
            qp.complete(qp.sendCompletions, done.request, QueuePairImpl.opcodeOf(done.request),
                    CompletionStatus.SUCCESS, done.length, simulation.now());
            // Acknowledged: the responder has written or staged every packet, and a copy still on the wire is a
            // duplicate it will not read, so the buffer is free.
            giveBack(done.payload);
            progress = true;
        }
        if (progress) {
            if (rnrRetryTaken) {
                rnrRetries.onProgress(); // a cold object with many tenants: not read on every acknowledgement
                rnrRetryTaken = false;
            }
            if (!qp.reliable) {
                timer.onProgress(oldestInFlight() != null);
            }
            pumpNow();
        }
    }

    /**
     * The responder could not take packet {@code psn}: wait the RNR timer it named, then go back to that
     * packet. Packets before it were accepted (they may still be staged at the responder and acknowledged
     * later), so they are not resent.
     */
    void onRnrNack(long psn, int timerCode) {
        if (rnrWait || !inFlightHolds(psn)) {
            return; // stale: already waiting, or already acknowledged
        }
        qp.counters.countRnrNackReceived();
        rnrRetryTaken = true;
        if (!rnrRetries.onRnrNak()) {
            fail(CompletionStatus.RNR_RETRY_EXCEEDED);
            return;
        }
        rnrWait = true;
        simulation.schedule(RnrTimer.delayNanos(timerCode), () -> {
            rnrWait = false;
            resendFrom(psn);
        });
    }

    private boolean inFlightHolds(long psn) {
        Message oldest = oldestInFlight();
        return oldest != null && oldest.psn <= psn && newestInFlight().lastPsn() >= psn;
    }

    /** The responder expects {@code psn}: resend from there (go-back-N), unless an RNR wait will. */
    void onSequenceError(long psn) {
        if (!rnrWait) {
            resendFrom(psn);
        }
    }

    /**
     * The responder refused the message whose first packet is {@code psn} (protection, length): it completes with {@code status}
     * and the queue pair goes to the error state, flushing everything else, as the responder flushes
     * whatever it had not delivered.
     */
    void onNak(long psn, CompletionStatus status) {
        if (!inFlightHolds(psn)) {
            return;
        }
        for (Message message : inFlight()) {
            if (message.psn == psn) {
                removeInFlight(message);
                qp.complete(qp.config.sendCompletions(), message.request, QueuePairImpl.opcodeOf(message.request), status, 0,
                        simulation.now());
                break;
            }
        }
        qp.fail();
    }

    /** Fails the oldest unacknowledged message with {@code status} and puts the queue pair in error. */
    private void fail(CompletionStatus status) {
        Message head = pollInFlight();
        qp.complete(qp.config.sendCompletions(), head.request, QueuePairImpl.opcodeOf(head.request), status, 0,
                simulation.now());
        qp.fail();
    }

    /**
     * Resends every unacknowledged packet from {@code psn} on, in order (go-back-N): those read so far;
     * the rest go out as their reads complete.
     */
    private void resendFrom(long psn) {
        if (qp.inError()) {
            return;
        }
        for (Message message : inFlight()) {
            if (message.lastPsn() >= psn) {
                for (int k = (int) Math.max(0, psn - message.psn); k < message.read; k++) {
                    send(message, k); // a packet read during an RNR wait goes for the first time
                }
            }
        }
    }

    // ---- datagram retransmission timer ----

    private void startTimerIfIdle() {
        if (!qp.reliable) {
            timer.startIfIdle();
        }
    }

    private void onTimeout() {
        if (qp.inError() || oldestInFlight() == null) {
            return;
        }
        qp.counters.countTimeout();
        if (!timer.backOff()) {
            fail(CompletionStatus.RETRY_EXCEEDED);
            return;
        }
        resendFrom(oldestInFlight().psn);
        timer.arm();
    }

    // ---- error state ----

    /** Error state: every request unacknowledged completes FLUSHED, in posting order (a read under way sends nothing). */
    void flush(long now) {
        for (Message message : inFlight()) {
            flushed(message.request, now);
        }
        if (unreadRequest != null) {
            flushed(unreadRequest, now);
            unreadRequest = null;
        }
        for (WorkRequest request = pollWaiting(); request != null; request = pollWaiting()) {
            flushed(request, now);
        }
        clearQueues();
        timer.cancel();
    }

    private void flushed(WorkRequest request, long now) {
        qp.complete(qp.config.sendCompletions(), request, QueuePairImpl.opcodeOf(request), CompletionStatus.FLUSHED, 0, now);
    }
}
