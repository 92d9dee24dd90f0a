package org.overbook.nic.vf;

import java.util.ArrayDeque;
import org.overbook.guest.verbs.WorkRequest;

/**
 * A responder's receive queue, the receives posted in order, and its idle packet writes, kept for the next packets (a
 * write is an event of its own until its data is in memory).
 *
 * <p>Design. As {@link SendQueues} for the requester: the fields belong to the responder object itself
 * ({@link Responder} extends this class rather than holding it). The receives are a ring of this object's own rather
 * than a deque, and one idle write is a field with more in a deque made when first needed, since most queue pairs
 * write one packet at a time: with many tenants each separate object would be one more cold cache line per post and
 * per message.
 */
abstract class ReceiveQueues extends KnownRegion {

    /** The receives posted, oldest first from {@link #receiveHead}, {@link #receiveCount} of them; doubles when full. */
    private WorkRequest.Receive[] receives = new WorkRequest.Receive[8];
    private int receiveHead;
    private int receiveCount;
    private PacketWrite idleWrite;
    private ArrayDeque<PacketWrite> moreIdleWrites;

    /** Returns how many receives are posted. */
    final int posted() {
        return receiveCount;
    }

    final void post(WorkRequest.Receive request) {
        if (receiveCount == receives.length) {
            WorkRequest.Receive[] larger = new WorkRequest.Receive[receives.length * 2];
            for (int i = 0; i < receiveCount; i++) {
                larger[i] = receives[(receiveHead + i) & (receives.length - 1)];
            }
            receives = larger;
            receiveHead = 0;
        }
        receives[(receiveHead + receiveCount) & (receives.length - 1)] = request;
        receiveCount++;
    }

    /** Returns the oldest posted receive, or null if none is posted. */
    final WorkRequest.Receive firstReceive() {
        return receiveCount == 0 ? null : receives[receiveHead];
    }

    /** Takes the oldest posted receive off the ring; one must be posted. */
    final void pollReceive() {
        receives[receiveHead] = null;
        receiveHead = (receiveHead + 1) & (receives.length - 1);
        receiveCount--;
    }

    /** Returns an idle packet write, or null if there is none. */
    final PacketWrite pollIdleWrite() {
        PacketWrite write = idleWrite;
        if (write != null) {
            idleWrite = moreIdleWrites == null ? null : moreIdleWrites.poll();
        }
        return write;
    }

    /** Keeps {@code write}, done with, for a next packet. */
    final void giveIdleWrite(PacketWrite write) {
        if (idleWrite == null) {
            idleWrite = write;
            return;
        }
        if (moreIdleWrites == null) {
            moreIdleWrites = new ArrayDeque<>();
        }
        moreIdleWrites.add(write);
    }
}
