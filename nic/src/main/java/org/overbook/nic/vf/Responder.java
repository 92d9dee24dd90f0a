package org.overbook.nic.vf;

import java.util.ArrayDeque;
import org.overbook.guest.verbs.Access;
import org.overbook.guest.verbs.Completion;
import org.overbook.guest.verbs.CompletionStatus;
import org.overbook.guest.verbs.MemoryRegion;
import org.overbook.guest.verbs.WorkRequest;
import org.overbook.nic.dma.Translator;
import org.overbook.nic.policy.FaultedReceive;

/**
 * The receiving half of a queue pair.
 *
 * <p>Arrivals are handled one at a time, in the order they came off the wire, and accepted strictly
 * in sequence (go-back-N): a later one is discarded until the expected one arrives (on the reliable
 * transport the requester is told with a PSN-sequence-error NAK, as InfiniBand does), an earlier one
 * (a retransmission whose acknowledgement was lost) is acknowledged again and not delivered twice. A send lands in the oldest posted receive buffer; an
 * RDMA write at its rkey's region. Protection comes first and touches nothing: an unknown or
 * foreign key, a range outside the region, a region without the access needed, or a message longer
 * than its buffer is refused before a byte is written. With no buffer posted the receiver is not
 * ready: RNR NACK on the reliable transport, a drop on the datagram one. Then the destination pages
 * are translated; if one is not present, the VF's receive-fault policy decides (NACK, drop, or stage).
 * Otherwise the pages are locked, written, the receive completes and the acknowledgement goes back.
 * One message at a time: a queue pair's receive engine is serial, so completions keep the order of
 * arrival.
 *
 * <p>Staging (the ASPLOS 2017 backup ring, NetVM's system buffer): a staged message is accepted (its
 * receive consumed, the sequence advanced) and parked; every later message of the queue pair is parked
 * behind it until the host has drained them in order, each with one copy once its pages are mapped,
 * its completion and then its acknowledgement. A retransmission of a message still parked is not
 * acknowledged early, so credits and completions never run ahead of delivery.
 */
final class Responder {

    private final QueuePairImpl qp;
    private final ArrayDeque<WorkRequest.Receive> receives = new ArrayDeque<>();
    private final ArrayDeque<Message> arrivals = new ArrayDeque<>();
    private final ArrayDeque<Staged> staged = new ArrayDeque<>();
    private boolean copying;
    private boolean draining;
    private boolean nackOutstanding;
    private long expectedPsn;
    private long deliveredPsn = -1;
    private final NotificationWindow notifications = new NotificationWindow(64);
    private long engineFree;

    Responder(QueuePairImpl qp) {
        this.qp = qp;
    }

    int posted() {
        return receives.size();
    }

    void post(WorkRequest.Receive request) {
        receives.add(request);
    }

    /** A message arrives from the wire; arrivals are handled one at a time, in wire order. */
    void onArrival(Message message) {
        if (qp.inError()) {
            return;
        }
        arrivals.add(message);
        if (!draining) {
            drain();
        }
    }

    private void drain() {
        draining = false;
        while (!arrivals.isEmpty() && !qp.inError()) {
            long now = qp.vf.simulation().now();
            if (engineFree > now) {
                draining = true;
                qp.vf.simulation().scheduleAt(engineFree, this::drain);
                return;
            }
            handle(arrivals.poll(), now);
        }
        arrivals.clear();
    }

    private void handle(Message message, long now) {
        if (message.psn < expectedPsn) {
            // A retransmission of something accepted: never deliver twice. Acknowledge only what has
            // been delivered; a message still staged is acknowledged when its copy completes.
            if (message.psn <= deliveredPsn) {
                acknowledge(message.psn, now);
            }
            return;
        }
        if (message.psn > expectedPsn) {
            // Go-back-N: discard. On the reliable transport, tell the requester where to resume
            // (a PSN sequence error NAK), unless an RNR NACK already did.
            if (qp.reliable && !nackOutstanding) {
                nackOutstanding = true;
                long expected = expectedPsn;
                sendBack(now, requester -> requester.onSequenceError(expected));
            }
            return;
        }
        nackOutstanding = false;
        accept(message, now);
    }

    private void accept(Message message, long time) {
        WorkRequest.Receive receive = null;
        if (message.consumesReceive()) {
            receive = receives.peek();
            if (receive == null) {
                notReady(message);
                return;
            }
            if (message.payload.length > receive.length()) {
                nak(message, CompletionStatus.REMOTE_INVALID_REQUEST);
                return;
            }
        }
        long destination;
        long regionEnd;
        if (message.kind == Message.Kind.SEND) {
            MemoryRegion region = qp.vf.regionByLkey(receive.lkey());
            if (region == null || (region.access() & Access.LOCAL_WRITE) == 0
                    || !region.covers(receive.address(), receive.length())) {
                receives.poll();
                qp.vf.counters().countProtectionError();
                qp.complete(qp.config.receiveCompletions(), receive, Completion.Opcode.RECEIVE,
                        CompletionStatus.LOCAL_PROTECTION_ERROR, 0, time);
                nak(message, CompletionStatus.REMOTE_ACCESS_ERROR);
                return;
            }
            destination = receive.address();
            regionEnd = region.address() + region.length();
        } else {
            MemoryRegion region = qp.vf.regionByRkey(message.rkey());
            if (region == null || (region.access() & Access.REMOTE_WRITE) == 0
                    || !region.covers(message.remoteAddress(), message.payload.length)) {
                qp.vf.counters().countProtectionError();
                nak(message, CompletionStatus.REMOTE_ACCESS_ERROR);
                return;
            }
            destination = message.remoteAddress();
            regionEnd = region.address() + region.length();
        }
        write(message, receive, destination, regionEnd, time);
    }

    private void write(Message message, WorkRequest.Receive receive, long destination, long regionEnd, long time) {
        Translator translator = qp.vf.translator();
        int first = (int) (destination >>> 12);
        int pages = Requester.pageCount(destination, message.payload.length);
        int[] frames = new int[pages];
        translator.resetElapsed();
        int missing = -1;
        for (int i = 0; i < pages; i++) {
            frames[i] = translator.translate(first + i);
            if (frames[i] == Translator.NOT_PRESENT && missing < 0) {
                missing = i;
            }
        }
        if (!staged.isEmpty()) {
            // Messages behind a parked one are parked too, so that completions keep their order.
            Fault behind = new Fault(message, receive, destination, regionEnd, first, frames, time + translator.elapsed());
            if (!behind.stage()) {
                behind.refuse();
            }
            return;
        }
        if (missing >= 0) {
            qp.vf.receiveFaultPolicy().onFault(new Fault(message, receive, destination, regionEnd, first, frames, time + translator.elapsed()));
            return;
        }
        expectedPsn++;
        if (receive != null) {
            receives.poll();
        }
        for (int i = 0; i < pages; i++) {
            translator.lock(first + i);
        }
        long done = time + translator.elapsed() + pages * qp.vf.costs().dmaPageNanos();
        engineFree = done;
        qp.vf.simulation().scheduleAt(done, () -> {
            DmaCopy.in(translator, message.payload, destination, frames);
            for (int i = 0; i < pages; i++) {
                translator.noteWrite(first + i);
                translator.unlock(first + i);
            }
            deliver(message, receive, done);
        });
    }

    /** Completes a written message: the receive completion, if it consumed one, and the acknowledgement. */
    private void deliver(Message message, WorkRequest.Receive receive, long done) {
        deliveredPsn = message.psn;
        if (message.notification >= 0) {
            long at = done;
            qp.vf.simulation().scheduleAt(Math.max(at, qp.vf.simulation().now()),
                    () -> notifications.offer(message.notification, message.counter(), qp.vf::incrementCounter));
        }
        qp.vf.counters().countReceived(message.payload.length);
        if (receive != null) {
            Completion.Opcode opcode = message.kind == Message.Kind.SEND
                    ? Completion.Opcode.RECEIVE : Completion.Opcode.RECEIVE_RDMA_WITH_IMMEDIATE;
            qp.complete(qp.config.receiveCompletions(), receive, opcode, CompletionStatus.SUCCESS, message.payload.length, done);
        }
        acknowledge(message.psn, done);
    }

    private void notReady(Message message) {
        if (qp.reliable) {
            nackOutstanding = true;
            qp.vf.counters().countRnrNackSent();
            sendBack(qp.vf.simulation().now(), requester -> requester.onRnrNack(message.psn, qp.config.rnrTimerCode()));
        } else {
            qp.vf.counters().countDrop();
        }
    }

    private void nak(Message message, CompletionStatus status) {
        expectedPsn++;
        sendBack(qp.vf.simulation().now(), requester -> requester.onNak(message.psn, status));
        qp.fail();
    }

    private void acknowledge(long psn, long time) {
        sendBack(time, requester -> requester.onAck(psn));
    }

    private void sendBack(long time, java.util.function.Consumer<Requester> answer) {
        QueuePairImpl peer = qp.peer;
        qp.outgoing.send(time, 0, () -> answer.accept(peer.requester));
    }

    void flush(long now) {
        for (Staged parked : staged) {
            qp.vf.staging().release(parked.slots());
            if (parked.receive() != null) {
                qp.complete(qp.config.receiveCompletions(), parked.receive(), Completion.Opcode.RECEIVE, CompletionStatus.FLUSHED, 0, now);
            }
        }
        staged.clear();
        for (WorkRequest.Receive receive : receives) {
            qp.complete(qp.config.receiveCompletions(), receive, Completion.Opcode.RECEIVE, CompletionStatus.FLUSHED, 0, now);
        }
        receives.clear();
    }

    /** A message whose destination has pages the NIC page table lacks. */
    private final class Fault implements FaultedReceive {
        private final Message message;
        private final WorkRequest.Receive receive;
        private final long destination;
        private final long regionEnd;
        private final int firstPage;
        private final int[] frames;
        private final long time;

        Fault(Message message, WorkRequest.Receive receive, long destination, long regionEnd, int firstPage, int[] frames, long time) {
            this.message = message;
            this.receive = receive;
            this.destination = destination;
            this.regionEnd = regionEnd;
            this.firstPage = firstPage;
            this.frames = frames;
            this.time = time;
        }

        @Override
        public boolean reliable() {
            return qp.reliable;
        }

        @Override
        public void rnrNack() {
            nackOutstanding = true;
            qp.vf.counters().countRnrNackSent();
            sendBack(time, requester -> requester.onRnrNack(message.psn, qp.config.rnrTimerCode()));
        }

        @Override
        public void drop() {
            qp.vf.counters().countDrop();
        }

        @Override
        public void resolveInBackground() {
            int[] missing = missingPages(firstPage, frames);
            if (missing.length > 0) {
                qp.vf.resolveReceiveFault(missing, regionEnd, time, null);
            }
        }

        @Override
        public boolean stage() {
            int slots = StagingArea.slots(message.payload.length);
            if (!qp.vf.staging().reserve(slots)) {
                qp.vf.counters().countStagingOverflow();
                return false;
            }
            expectedPsn++;
            if (receive != null) {
                receives.poll();
            }
            nackOutstanding = false;
            qp.vf.counters().countStaged();
            engineFree = Math.max(engineFree, time + slots * qp.vf.costs().dmaPageNanos()); // the NIC writes the ring
            staged.add(new Staged(message, receive, destination, regionEnd, slots));
            if (staged.size() == 1) {
                qp.vf.simulation().scheduleAt(Math.max(engineFree, qp.vf.simulation().now()), Responder.this::drainStaged);
            }
            return true;
        }
    }

    /** A message parked in the staging area, waiting for its destination to be brought in. */
    private record Staged(Message message, WorkRequest.Receive receive, long destination, long regionEnd, int slots) {
    }

    /**
     * The host's side of staging: once the oldest parked message's destination is mapped, copies it
     * there (one host copy), completes its receive and acknowledges it, then goes on to the next.
     */
    private void drainStaged() {
        if (copying || staged.isEmpty() || qp.inError()) {
            return;
        }
        Staged head = staged.peek();
        Translator translator = qp.vf.translator();
        int first = (int) (head.destination() >>> 12);
        int pages = Requester.pageCount(head.destination(), head.message().payload.length);
        int[] frames = new int[pages];
        translator.resetElapsed();
        for (int i = 0; i < pages; i++) {
            frames[i] = translator.translate(first + i);
        }
        int[] missing = missingPages(first, frames);
        long now = qp.vf.simulation().now();
        if (missing.length > 0) {
            qp.vf.resolveReceiveFault(missing, head.regionEnd(), now + translator.elapsed(), this::drainStaged);
            return;
        }
        copying = true;
        for (int i = 0; i < pages; i++) {
            translator.lock(first + i);
        }
        long done = now + translator.elapsed() + pages * qp.vf.costs().hostCopyPageNanos();
        qp.vf.simulation().scheduleAt(done, () -> {
            DmaCopy.in(translator, head.message().payload, head.destination(), frames);
            for (int i = 0; i < pages; i++) {
                translator.noteWrite(first + i);
                translator.unlock(first + i);
            }
            qp.vf.staging().release(head.slots());
            staged.poll();
            copying = false;
            deliver(head.message(), head.receive(), done);
            drainStaged();
        });
    }

    private static int[] missingPages(int firstPage, int[] frames) {
        int count = 0;
        for (int frame : frames) {
            if (frame == Translator.NOT_PRESENT) {
                count++;
            }
        }
        int[] missing = new int[count];
        int next = 0;
        for (int i = 0; i < frames.length; i++) {
            if (frames[i] == Translator.NOT_PRESENT) {
                missing[next++] = firstPage + i;
            }
        }
        return missing;
    }
}
