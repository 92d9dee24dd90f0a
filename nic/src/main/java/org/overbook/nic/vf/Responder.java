package org.overbook.nic.vf;

import java.util.ArrayDeque;
import java.util.Arrays;
import org.overbook.guest.verbs.Access;
import org.overbook.guest.verbs.Completion;
import org.overbook.guest.verbs.CompletionStatus;
import org.overbook.guest.verbs.MemoryRegion;
import org.overbook.guest.verbs.WorkRequest;
import org.overbook.hypervisor.sim.Action;
import org.overbook.hypervisor.sim.Simulation;
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
 * One packet at a time: a queue pair's receive engine is serial, so completions keep the order of
 * arrival.
 *
 * <p>Packets. A message longer than the path MTU arrives as packets, each with its own sequence number,
 * and each is written on its own over the NIC's PCIe link as it arrives (a posted DMA write). The
 * checks above happen at the first packet, which takes the receive; the rest follow into the same
 * buffer. Each packet translates its own pages, and a packet that faults stops the message there: the
 * receive-fault policy applies to that packet (an RNR NACK or a drop names its sequence number, so
 * go-back-N resumes from it; staging parks it and every packet behind it), and the packets before it
 * stay written. The receive completes, and the acknowledgement of the message's last packet goes back,
 * once the last packet is written.
 *
 * <p>Staging (the ASPLOS 2017 backup ring, NetVM's system buffer; {@link StagedPackets}): a staged message is accepted (its
 * receive consumed, the sequence advanced) and parked, packet by packet; every later packet of the
 * queue pair is parked behind it until the host has drained them in order, each with one copy once its
 * pages are mapped, and after a message's last packet its completion and then its acknowledgement. A
 * retransmission of a message still parked is not acknowledged early, so credits and completions never
 * run ahead of delivery.
 */
final class Responder extends ReceiveQueues {

    private final QueuePairImpl qp;
    /** The VF's simulation, held here: reaching it through the queue pair and the VF is two cold reads in a row with many tenants. */
    private final Simulation simulation;
    /** Packets that arrived while the receive engine was busy, in wire order. */
    private final ArrayDeque<Packet> arrivals = new ArrayDeque<>();
    /** The packets parked for the host to drain; made at the first one (until then no write reads a cold object). */
    private StagedPackets staged;
    private boolean draining;
    private boolean nackOutstanding;
    private long expectedPsn;
    private long deliveredPsn = -1;
    private final NotificationWindow notifications = new NotificationWindow(64);
    private long engineFree;
    /** The message whose first packet was accepted last, with its receive, destination and region end. */
    private Message currentMessage;
    private WorkRequest.Receive currentReceive;
    private long currentDestination;
    private long currentRegionEnd;
    /** This queue pair's traffic received ({@link QueuePairImpl#messagesReceived()}): counted here, not in the cold VF counters. */
    long messagesReceived;
    long bytesReceived;

    /** Packet {@code index} of {@code message}, as it came off the wire, waiting for the receive engine. */
    private record Packet(Message message, int index) {
    }

    Responder(QueuePairImpl qp) {
        this.qp = qp;
        this.simulation = qp.vf.simulation();
    }

    /** Packet {@code index} of a message arrives from the wire; arrivals are handled one at a time, in wire order. */
    void onArrival(Message message, int index) {
        if (qp.inError()) {
            return;
        }
        if (draining) {
            arrivals.add(new Packet(message, index));
            return;
        }
        // nothing waits (the queue is empty whenever no drain is scheduled): handle it now, or wait for the engine
        long now = simulation.now();
        if (engineFree > now) {
            arrivals.add(new Packet(message, index));
            draining = true;
            simulation.scheduleAt(engineFree, this);
            return;
        }
        handle(message, index, now);
    }

    /** The receive engine's drain event: the responder is its own action, not one more object beside it. */
    @Override
    public void run() {
        drain();
    }

    private void drain() {
        draining = false;
        while (!arrivals.isEmpty() && !qp.inError()) {
            long now = simulation.now();
            if (engineFree > now) {
                draining = true;
                simulation.scheduleAt(engineFree, this);
                return;
            }
            Packet packet = arrivals.poll();
            handle(packet.message(), packet.index(), now);
        }
        arrivals.clear();
    }

    private void handle(Message message, int index, long now) {
        long psn = message.psn + index;
        if (psn < expectedPsn) {
            // A retransmission of something accepted: never deliver twice. Acknowledge only what has
            // been delivered, once per message (at its last packet); a message still staged is
            // acknowledged when its copy completes.
            if (index == message.packets - 1 && message.lastPsn() <= deliveredPsn) {
                acknowledge(message.lastPsn(), now);
            }
            return;
        }
        if (psn > expectedPsn) {
            // Go-back-N: discard. On the reliable transport, tell the requester where to resume
            // (a PSN sequence error NAK), unless an RNR NACK already did.
            if (qp.reliable && !nackOutstanding) {
                nackOutstanding = true;
                qp.wire.sequenceError(now, expectedPsn);
            }
            return;
        }
        nackOutstanding = false;
        if (index == 0) {
            accept(message, now);
        } else {
            write(message, currentReceive, currentDestination, currentRegionEnd, index, now);
        }
    }

    private void accept(Message message, long time) {
        WorkRequest.Receive receive = null;
        if (message.consumesReceive()) {
            receive = firstReceive();
            if (receive == null) {
                notReady(message);
                return;
            }
            if (message.length > receive.length()) {
                nak(message, CompletionStatus.REMOTE_INVALID_REQUEST);
                return;
            }
        }
        long destination;
        long regionEnd;
        if (message.kind == Message.Kind.SEND) {
            if (!findRegion(qp.vf, receive.lkey()) || (regionAccess() & Access.LOCAL_WRITE) == 0
                    || !regionCovers(receive.address(), receive.length())) {
                pollReceive();
                qp.counters.countProtectionError();
                qp.complete(qp.config.receiveCompletions(), receive, Completion.Opcode.RECEIVE,
                        CompletionStatus.LOCAL_PROTECTION_ERROR, 0, time);
                nak(message, CompletionStatus.REMOTE_ACCESS_ERROR);
                return;
            }
            destination = receive.address();
            regionEnd = regionEnd();
        } else {
            MemoryRegion region = qp.vf.regionByRkey(message.rkey());
            if (region == null || (region.access() & Access.REMOTE_WRITE) == 0
                    || !region.covers(message.remoteAddress(), message.length)) {
                qp.counters.countProtectionError();
                nak(message, CompletionStatus.REMOTE_ACCESS_ERROR);
                return;
            }
            destination = message.remoteAddress();
            regionEnd = region.address() + region.length();
        }
        write(message, receive, destination, regionEnd, 0, time);
    }

    /** Translates and writes packet {@code index} of {@code message}, bound for {@code destination} onwards. */
    private void write(Message message, WorkRequest.Receive receive, long destination, long regionEnd, int index, long time) {
        Translator translator = qp.translator;
        long start = destination + message.offset(index);
        int length = message.length(index);
        int first = Pages.first(start);
        int pages = Pages.count(start, length);
        PacketWrite write = pollIdleWrite();
        if (write == null) {
            write = new PacketWrite(this, translator);
        }
        int[] frames = write.frames(pages);
        translator.begin(time);
        boolean missing = false;
        for (int i = 0; i < pages; i++) {
            frames[i] = translator.translateForWrite(first + i);
            missing |= frames[i] == Translator.NOT_PRESENT;
        }
        if (missing || holdsStaged()) {
            Fault fault = new Fault(message, index, receive, destination, regionEnd, first, Arrays.copyOf(frames, pages),
                    time + translator.elapsed());
            giveIdleWrite(write);
            if (!holdsStaged()) {
                qp.vf.receiveFaultPolicy().onFault(fault);
            } else if (!fault.stage()) {
                // Messages behind a parked one are parked too, so that completions keep their order.
                fault.refuse();
            }
            return;
        }
        accepted(message, index, receive, destination, regionEnd);
        translator.lock(first, pages);
        long at = time + translator.elapsed();
        long done = length == 0 ? at : translator.pcie().write(at, length);
        engineFree = done;
        write.set(message, index, receive, start, length, first, pages);
        simulation.scheduleAt(done, write);
    }

    private boolean holdsStaged() {
        return staged != null && staged.holdsAny();
    }

    /** A packet's write is in memory: its message is delivered if it was the last packet. */
    void written(PacketWrite write) {
        Message message = write.message();
        WorkRequest.Receive receive = write.receive();
        boolean last = write.index() == message.packets - 1;
        write.clear();
        giveIdleWrite(write);
        if (last) {
            deliver(message, receive, simulation.now());
        }
    }

    /**
     * Packet {@code index} is taken (written or staged): the sequence advances, and the first packet of a
     * message takes its receive and becomes the message the packets that follow continue.
     */
    private void accepted(Message message, int index, WorkRequest.Receive receive, long destination, long regionEnd) {
        expectedPsn++;
        if (index == 0) {
            currentMessage = message;
            if (receive != null) {
                pollReceive();
            }
            currentReceive = receive;
            currentDestination = destination;
            currentRegionEnd = regionEnd;
        }
    }

    /** Completes a written message: the receive completion, if it consumed one, and the acknowledgement. */
    private void deliver(Message message, WorkRequest.Receive receive, long done) {
        deliveredPsn = message.lastPsn();
        if (message.notification >= 0) {
            long at = done;
            simulation.scheduleAt(Math.max(at, simulation.now()),
                    () -> notifications.offer(message.notification, message.counter(), qp.vf::incrementCounter));
        }
        messagesReceived++;
        bytesReceived += message.length;
        if (receive != null) {
            Completion.Opcode opcode = message.kind == Message.Kind.SEND
                    ? Completion.Opcode.RECEIVE : Completion.Opcode.RECEIVE_RDMA_WITH_IMMEDIATE;
            qp.complete(qp.receiveCompletions, receive, opcode, CompletionStatus.SUCCESS, message.length, done);
        }
        acknowledge(message.lastPsn(), done);
    }

    private void notReady(Message message) {
        if (qp.reliable) {
            nackOutstanding = true;
            qp.counters.countRnrNackSent();
            qp.wire.rnrNack(simulation.now(), message.psn, qp.config.rnrTimerCode());
        } else {
            qp.counters.countDrop();
        }
    }

    private void nak(Message message, CompletionStatus status) {
        expectedPsn++;
        qp.wire.nak(simulation.now(), message.psn, status);
        qp.fail();
    }

    private void acknowledge(long psn, long time) {
        qp.wire.ack(time, psn);
    }

    void flush(long now) {
        WorkRequest.Receive flushed = staged == null ? null : staged.flush(now);
        if (currentReceive != null && currentReceive != flushed && expectedPsn <= currentMessage.lastPsn()) {
            // a message cut off between its packets: its receive was taken and will not complete
            qp.complete(qp.config.receiveCompletions(), currentReceive, Completion.Opcode.RECEIVE, CompletionStatus.FLUSHED, 0, now);
        }
        for (WorkRequest.Receive receive = firstReceive(); receive != null; receive = firstReceive()) {
            qp.complete(qp.config.receiveCompletions(), receive, Completion.Opcode.RECEIVE, CompletionStatus.FLUSHED, 0, now);
            pollReceive();
        }
    }

    /** A packet whose destination has pages the NIC page table lacks. */
    private final class Fault implements FaultedReceive {
        private final Message message;
        private final int index;
        private final WorkRequest.Receive receive;
        private final long destination;
        private final long regionEnd;
        private final int firstPage;
        private final int[] frames;
        private final long time;

        Fault(Message message, int index, WorkRequest.Receive receive, long destination, long regionEnd, int firstPage,
              int[] frames, long time) {
            this.message = message;
            this.index = index;
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
            qp.counters.countRnrNackSent();
            qp.wire.rnrNack(time, message.psn + index, qp.config.rnrTimerCode());
        }

        @Override
        public void drop() {
            qp.counters.countDrop();
        }

        @Override
        public void resolveInBackground() {
            int[] missing = Pages.missing(firstPage, frames);
            if (missing.length > 0) {
                qp.vf.resolveReceiveFault(missing, regionEnd, time, null);
            }
        }

        @Override
        public boolean stage() {
            int length = message.length(index);
            int slots = StagingArea.slots(length);
            if (!qp.vf.stagingArea().reserve(slots)) {
                qp.counters.countStagingOverflow();
                return false;
            }
            accepted(message, index, receive, destination, regionEnd);
            nackOutstanding = false;
            qp.counters.countStaged();
            long written = length == 0 ? time : qp.translator.pcie().write(time, length); // the NIC writes the ring
            engineFree = Math.max(engineFree, written);
            if (staged == null) {
                staged = new StagedPackets(qp, Responder.this::deliver);
            }
            staged.park(message, index, receive, destination, regionEnd, slots, engineFree);
            return true;
        }
    }
}
