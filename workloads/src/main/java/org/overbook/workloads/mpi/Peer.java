package org.overbook.workloads.mpi;

import org.overbook.guest.GuestMemory;
import org.overbook.guest.verbs.Access;
import org.overbook.guest.verbs.MemoryRegion;
import org.overbook.guest.verbs.QueuePair;
import org.overbook.guest.verbs.Verbs;
import org.overbook.guest.verbs.WorkRequest;

/**
 * One remote peer of a rank, as the runtime keeps it from the start whether the application ever talks to
 * it or not: a queue pair, a ring of eager buffers the rank composes its messages to the peer in, and a ring
 * the peer writes its messages to the rank into, both registered for the whole run (MVAPICH2's RDMA fast
 * path keeps such a pair of rings per connection).
 *
 * <p>Every message is an RDMA write with immediate from slot {@code s % slots} of the sending ring into the
 * same slot of the peer's receiving ring; the immediate consumes one of the receives posted on the queue
 * pair and completes there, and the receiver reads the slot and reposts. Messages of a queue pair arrive in
 * order, so both sides count them to know the slot. The first message each way is the hello, a send (it
 * carries the ring's address and key, which the peer cannot write to before it knows them) between
 * {@link Control} slots, so that connecting touches none of the rings.
 */
final class Peer {

    /** Message types, the first int of a slot. */
    static final int HELLO = 1;
    static final int EAGER = 2;
    static final int RTS = 3;
    static final int CTS = 4;
    static final int FIN = 5;

    // Header fields, by offset.
    static final int TYPE = 0;
    static final int LENGTH = 4;
    static final int ITERATION = 8;
    static final int TAG = 16;
    static final int KEY = 20;
    static final int ADDRESS = 24;
    static final int SENDER = 32;

    final QueuePair qp;
    final long sendRing;
    final long receiveRing;
    final MemoryRegion sendRegion;
    final MemoryRegion receiveRegion;
    private final GuestMemory memory;
    private final Control control;
    private final int controlSlot;
    private final int slots;
    private final int slotBytes;
    /** The peer's colour index, known from its hello (-1 before). */
    int index = -1;
    long remoteRing;
    int remoteKey;
    private long sent;
    private long received;

    /**
     * Allocates and registers both rings and posts one receive per slot, the first for the hello into
     * {@code controlSlot} of {@code control}.
     */
    Peer(QueuePair qp, Verbs verbs, GuestMemory memory, int slots, int slotBytes, Control control, int controlSlot) {
        this.qp = qp;
        this.memory = memory;
        this.control = control;
        this.controlSlot = controlSlot;
        this.slots = slots;
        this.slotBytes = slotBytes;
        long ring = (long) slots * slotBytes;
        this.sendRing = memory.allocate(ring);
        this.receiveRing = memory.allocate(ring);
        this.sendRegion = verbs.register(sendRing, ring, 0);
        this.receiveRegion = verbs.register(receiveRing, ring, Access.LOCAL_WRITE | Access.REMOTE_WRITE);
        qp.postReceive(new WorkRequest.Receive(0, control.in(controlSlot), HaloSettings.HEADER, control.inKey()));
        for (int i = 1; i < slots; i++) {
            repost();
        }
    }

    /** Posts a receive: a token for the next immediate, whose bytes land in the ring, not in its buffer. */
    void repost() {
        if (!qp.inError()) {
            qp.postReceive(new WorkRequest.Receive(0, control.token(), slotBytes, control.inKey()));
        }
    }

    /** Returns the address of the next slot to compose a message in (the slot the peer will find it in). */
    long nextSendSlot() {
        return sendRing + (sent % slots) * slotBytes;
    }

    /** Writes the composed slot {@link #nextSendSlot()} ({@code length} bytes) into the peer's ring. */
    void send(int length) {
        long slot = sent % slots;
        sent++;
        qp.postSend(new WorkRequest.RdmaWrite(0, sendRing + slot * slotBytes, length, sendRegion.lkey(),
                remoteRing + slot * slotBytes, remoteKey, /* immediate= */ true));
    }

    /** Returns the address of the slot the next arriving message is in. */
    long nextReceivedSlot() {
        long slot = received % slots;
        received++;
        return receiveRing + slot * slotBytes;
    }

    /** Sends the hello: this rank's colour index and where the peer writes to it. */
    void hello(int myIndex) {
        long out = control.out(controlSlot);
        memory.writeInt(out + TYPE, HELLO);
        memory.writeInt(out + SENDER, myIndex);
        memory.writeLong(out + ADDRESS, receiveRing);
        memory.writeInt(out + KEY, receiveRegion.rkey());
        qp.postSend(new WorkRequest.Send(0, out, HaloSettings.HEADER, control.outKey()));
    }

    /** Reads the peer's hello; returns false if its control slot holds something else. */
    boolean readHello() {
        long in = control.in(controlSlot);
        if (memory.readInt(in + TYPE) != HELLO) {
            return false;
        }
        index = memory.readInt(in + SENDER);
        remoteRing = memory.readLong(in + ADDRESS);
        remoteKey = memory.readInt(in + KEY);
        return true;
    }
}
