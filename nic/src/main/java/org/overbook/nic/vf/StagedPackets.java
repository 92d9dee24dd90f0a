package org.overbook.nic.vf;

import java.util.ArrayDeque;
import org.overbook.guest.verbs.Completion;
import org.overbook.guest.verbs.CompletionStatus;
import org.overbook.guest.verbs.WorkRequest;
import org.overbook.nic.dma.Translator;

/**
 * The host's side of staging for one queue pair's receives: the packets the NIC parked in the VF's
 * staging area (the pinned backup ring of ASPLOS 2017's Ethernet design, NetVM's system buffer), in the
 * order they were accepted. The oldest is drained first: once its destination pages are mapped (the
 * driver resolves them if not), the host copies it there, one copy at
 * {@link org.overbook.nic.NicCosts#hostCopyPageNanos()} a page, releases its slots, and after a
 * message's last packet hands the message back for its completion and acknowledgement; then the next.
 */
final class StagedPackets {

    /** Hands back a message whose last packet has been copied to its destination. */
    @FunctionalInterface
    interface Delivery {
        void deliver(Message message, WorkRequest.Receive receive, long done);
    }

    /** Packet {@code index} of a message, parked, waiting for its destination to be brought in. */
    private record Staged(Message message, int index, WorkRequest.Receive receive, long destination, long regionEnd, int slots) {
    }

    private final QueuePairImpl qp;
    private final Delivery delivery;
    private final ArrayDeque<Staged> staged = new ArrayDeque<>();
    private boolean copying;

    StagedPackets(QueuePairImpl qp, Delivery delivery) {
        this.qp = qp;
        this.delivery = delivery;
    }

    /** Returns whether packets are parked: every later packet must be parked behind them, to keep order. */
    boolean holdsAny() {
        return !staged.isEmpty();
    }

    /**
     * Parks packet {@code index} of {@code message}, which holds {@code slots} of the staging area and
     * is in the ring at {@code written}; draining starts then if nothing was parked before it.
     */
    void park(Message message, int index, WorkRequest.Receive receive, long destination, long regionEnd, int slots, long written) {
        staged.add(new Staged(message, index, receive, destination, regionEnd, slots));
        if (staged.size() == 1) {
            qp.vf.simulation().scheduleAt(Math.max(written, qp.vf.simulation().now()), this::drain);
        }
    }

    private void drain() {
        if (copying || staged.isEmpty() || qp.inError()) {
            return;
        }
        Staged head = staged.peek();
        Translator translator = qp.translator;
        Message message = head.message();
        int index = head.index();
        long start = head.destination() + message.offset(index);
        int length = message.length(index);
        int first = Pages.first(start);
        int pages = Pages.count(start, length);
        int[] frames = new int[pages];
        long now = qp.vf.simulation().now();
        translator.begin(now);
        for (int i = 0; i < pages; i++) {
            frames[i] = translator.translateForWrite(first + i);
        }
        int[] missing = Pages.missing(first, frames);
        if (missing.length > 0) {
            qp.vf.resolveReceiveFault(missing, head.regionEnd(), now + translator.elapsed(), this::drain);
            return;
        }
        copying = true;
        translator.lock(first, pages);
        long done = now + translator.elapsed() + pages * qp.vf.costs().hostCopyPageNanos();
        qp.vf.simulation().scheduleAt(done, () -> {
            DmaCopy.in(translator, message.payload, message.offset(index), length, start, frames);
            translator.endWrite(first, pages);
            qp.vf.stagingArea().release(head.slots());
            staged.poll();
            copying = false;
            if (index == message.packets - 1) {
                delivery.deliver(message, head.receive(), done);
            }
            drain();
        });
    }

    /**
     * The queue pair failed: releases every parked packet's slots and completes each parked message's
     * receive as flushed, once. Returns the last receive flushed (null if none).
     */
    WorkRequest.Receive flush(long now) {
        WorkRequest.Receive flushed = null;
        for (Staged parked : staged) {
            qp.vf.stagingArea().release(parked.slots());
            if (parked.receive() != null && parked.receive() != flushed) {
                flushed = parked.receive();
                qp.complete(qp.config.receiveCompletions(), flushed, Completion.Opcode.RECEIVE, CompletionStatus.FLUSHED, 0, now);
            }
        }
        staged.clear();
        return flushed;
    }
}
