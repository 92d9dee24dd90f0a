package org.overbook.nic.vf;

import org.overbook.guest.verbs.Completion;
import org.overbook.guest.verbs.CompletionStatus;
import org.overbook.guest.verbs.QueuePair;
import org.overbook.guest.verbs.QueuePairConfig;
import org.overbook.guest.verbs.VerbsException;
import org.overbook.guest.verbs.WorkRequest;
import org.overbook.hypervisor.sim.Action;
import org.overbook.hypervisor.sim.Simulation;
import org.overbook.hypervisor.sim.Vcpu;
import org.overbook.nic.VfCounters;
import org.overbook.nic.dma.Translator;
import org.overbook.nic.link.Link;

/**
 * A connected queue pair: a {@link Requester} for what this side sends and a {@link Responder} for
 * what it receives, joined to the peer's queue pair by one direction of the link each way.
 */
final class QueuePairImpl implements QueuePair, VfCounters.Traffic {

    final VirtualFunction vf;
    final QueuePairConfig config;
    /*
     * What every message reads of the configuration, the VF and its tenant, copied here: with many tenants the
     * configuration record, the VF and the tenant are cold, and each is a cache line more per message.
     */
    final CompletionQueueImpl sendCompletions;
    final CompletionQueueImpl receiveCompletions;
    private final int sendRing;
    private final int receiveRing;
    private final Simulation simulation;
    private final Vcpu vcpu;
    final Translator translator;
    final VfCounters counters;
    final int number;
    final boolean reliable;
    final Requester requester;
    final Responder responder;
    QueuePairImpl peer;
    /** This side's packets and answers on their way to the peer. */
    Wire wire;
    private boolean error;
    private boolean disconnected;

    QueuePairImpl(VirtualFunction vf, QueuePairConfig config, int number, boolean reliable) {
        this.vf = vf;
        this.config = config;
        this.sendCompletions = (CompletionQueueImpl) config.sendCompletions();
        this.receiveCompletions = (CompletionQueueImpl) config.receiveCompletions();
        this.sendRing = config.sendRing();
        this.receiveRing = config.receiveRing();
        this.simulation = vf.simulation();
        this.vcpu = vf.vcpu();
        this.translator = vf.translator();
        this.counters = vf.counters();
        this.number = number;
        this.reliable = reliable;
        this.requester = new Requester(this);
        this.responder = new Responder(this);
        counters.addTraffic(this);
    }

    void connect(QueuePairImpl peer, Link.Direction outgoing) {
        this.peer = peer;
        this.wire = new Wire(vf.simulation(), outgoing, peer);
    }

    @Override
    public int number() {
        return number;
    }

    @Override
    public void postSend(WorkRequest request) {
        // instanceof rather than a pattern switch: this is every message's path, and a type switch costs more
        if (request instanceof WorkRequest.Receive) {
            throw new VerbsException(call("post_send"), "a receive goes to post_receive");
        }
        if (!reliable && request instanceof WorkRequest.RdmaWrite) {
            throw new VerbsException(call("post_send"), "RDMA write needs the reliable transport; this queue pair is a datagram one");
        }
        if (request.length() < 0) {
            throw new VerbsException(call("post_send"), "negative length " + request.length());
        }
        if (requester.creditLimit() >= 0
                && Message.stagingSlots(request.length(), wire.mtu()) > requester.creditLimit()) {
            throw new VerbsException(call("post_send"), "a message of " + request.length() + " bytes needs more than the "
                    + requester.creditLimit() + " system-buffer credits this queue pair holds (a 4 KiB slot each, one a packet of up to "
                    + wire.mtu() + " bytes at most 4 KiB)");
        }
        if (requester.outstanding() >= sendRing) {
            throw new VerbsException(call("post_send"), "send ring full (" + sendRing + " slots); wait for completions");
        }
        vf.beforePost(request.address(), request.length(), /* nicWrites= */ false);
        long at = vcpu.now();
        if (error) {
            complete(config.sendCompletions(), request, opcodeOf(request), CompletionStatus.FLUSHED, 0, at);
            return;
        }
        requester.post(request, at);
    }

    @Override
    public void postReceive(WorkRequest.Receive request) {
        if (request.length() < 0) {
            throw new VerbsException(call("post_receive"), "negative length " + request.length());
        }
        if (responder.posted() >= receiveRing) {
            throw new VerbsException(call("post_receive"), "receive ring full (" + receiveRing + " slots)");
        }
        vf.beforePost(request.address(), request.length(), /* nicWrites= */ true);
        if (error) {
            complete(config.receiveCompletions(), request, Completion.Opcode.RECEIVE, CompletionStatus.FLUSHED, 0, vcpu.now());
            return;
        }
        responder.post(request);
    }

    /** Names a verb call on this queue pair in an error, built only when one is thrown. */
    private String call(String verb) {
        return verb + "(qp " + number + ")";
    }

    @Override
    public int sendsOutstanding() {
        return requester.outstanding();
    }

    @Override
    public int receivesPosted() {
        return responder.posted();
    }

    @Override
    public boolean inError() {
        return error;
    }

    /**
     * Goes to the error state now and tells the peer, which goes to it one link latency later. The disconnect is the
     * connection manager's request, which travels apart from the queue pair's packets (and is retried until it
     * arrives): it is not queued behind them on the wire, and the link never loses it.
     */
    @Override
    public void disconnect() {
        if (disconnected) {
            return;
        }
        disconnected = true;
        long at = Math.max(vcpu.now(), simulation.now());
        fail();
        vf.disconnected(this);
        simulation.scheduleAt(at + wire.latencyNanos(), peer::fail);
    }

    /** Moves to the error state: everything outstanding completes as FLUSHED. */
    void fail() {
        if (error) {
            return;
        }
        error = true;
        long now = simulation.now();
        requester.flush(now);
        responder.flush(now);
    }

    /** Delivers a completion at {@code time}; an overrun puts the queue pair in error. */
    void complete(org.overbook.guest.verbs.CompletionQueue queue, WorkRequest request, Completion.Opcode opcode,
                  CompletionStatus status, int bytes, long time) {
        Completion completion = new Completion(request.id(), opcode, status, bytes, number);
        Action delivery = ((CompletionQueueImpl) queue).delivery(completion, this);
        if (time <= simulation.now()) {
            simulation.scheduleNow(delivery);   // most often a follow-up of this event: no event of its own
        } else {
            simulation.scheduleAt(time, delivery);
        }
    }

    @Override
    public long messagesSent() {
        return requester.messagesSent;
    }

    @Override
    public long bytesSent() {
        return requester.bytesSent;
    }

    @Override
    public long messagesReceived() {
        return responder.messagesReceived;
    }

    @Override
    public long bytesReceived() {
        return responder.bytesReceived;
    }

    static Completion.Opcode opcodeOf(WorkRequest request) {
        if (request instanceof WorkRequest.Send) {
            return Completion.Opcode.SEND;
        }
        return request instanceof WorkRequest.RdmaWrite ? Completion.Opcode.RDMA_WRITE : Completion.Opcode.RECEIVE;
    }
}
