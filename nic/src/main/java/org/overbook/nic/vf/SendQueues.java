package org.overbook.nic.vf;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.overbook.guest.verbs.WorkRequest;

/**
 * A requester's two queues, each in order: the work requests waiting to be read, and the messages sent and not yet
 * acknowledged; its message buffers, where a message's bytes wait from its read until its acknowledgement; and the
 * credits (NetVM's flow control) that may hold the first queue back.
 *
 * <p>Design. The first of each queue is a field of its own, the rest wait in a deque made when first needed, and the
 * fields belong to the requester object itself ({@link Requester} extends this class rather than holding it): a
 * queue pair with one request at a time, the common case, then touches no deque and no deque's array, and no object
 * besides its requester. With many tenants each would be one more cold cache line per post, read and
 * acknowledgement. So with the buffers: the buffer of the message acknowledged last is kept in a field for the next
 * message it fits, and the pools ({@link PayloadBuffers}) are read only when it does not.
 */
abstract class SendQueues extends KnownRegion {

    /** This queue pair's message buffers: a message's buffer comes back when it is acknowledged. */
    private final PayloadBuffers payloads = new PayloadBuffers();
    /** The buffer of the message acknowledged last, for the next message it fits. */
    private byte[] spareBuffer;

    private WorkRequest firstWaiting;
    private ArrayDeque<WorkRequest> moreWaiting;
    private Message oldestInFlight;
    private ArrayDeque<Message> moreInFlight;
    /** NetVM's flow control, or null when this requester is not under it. */
    private SendCredits credits;

    /**
     * Puts this requester under NetVM's credit-based flow control: it may have at most {@code credits}
     * slots of the peer's system buffer outstanding, returned with each acknowledgement.
     */
    final void grantCredits(int granted) {
        credits = new SendCredits(granted);
    }

    /** Returns the credit limit, or -1 if this requester is not under credit flow control. */
    final int creditLimit() {
        return credits == null ? -1 : credits.limit();
    }

    /** Returns the credits that gate sending, or null when this requester is not under credit flow control. */
    final SendCredits credits() {
        return credits;
    }

    /** Returns how many requests wait to be read. */
    final int waitingCount() {
        return firstWaiting == null ? 0 : 1 + (moreWaiting == null ? 0 : moreWaiting.size());
    }

    /** Returns how many messages are unacknowledged. */
    final int inFlightCount() {
        return oldestInFlight == null ? 0 : 1 + (moreInFlight == null ? 0 : moreInFlight.size());
    }

    final void addWaiting(WorkRequest request) {
        if (firstWaiting == null) {
            firstWaiting = request;
            return;
        }
        if (moreWaiting == null) {
            moreWaiting = new ArrayDeque<>();
        }
        moreWaiting.add(request);
    }

    /** Returns the oldest waiting request, or null. */
    final WorkRequest firstWaiting() {
        return firstWaiting;
    }

    /** Takes the oldest waiting request off its queue and returns it (null if none). */
    final WorkRequest pollWaiting() {
        WorkRequest first = firstWaiting;
        firstWaiting = moreWaiting == null ? null : moreWaiting.poll();
        return first;
    }

    final void addInFlight(Message message) {
        if (oldestInFlight == null) {
            oldestInFlight = message;
            return;
        }
        if (moreInFlight == null) {
            moreInFlight = new ArrayDeque<>();
        }
        moreInFlight.add(message);
    }

    /** Returns the oldest unacknowledged message, or null. */
    final Message oldestInFlight() {
        return oldestInFlight;
    }

    /** Returns the newest unacknowledged message, or null. */
    final Message newestInFlight() {
        return moreInFlight == null || moreInFlight.isEmpty() ? oldestInFlight : moreInFlight.peekLast();
    }

    /** Takes the oldest unacknowledged message off its queue and returns it (null if none). */
    final Message pollInFlight() {
        Message oldest = oldestInFlight;
        oldestInFlight = moreInFlight == null ? null : moreInFlight.poll();
        return oldest;
    }

    /** Takes {@code message}, which is unacknowledged, off its queue. */
    final void removeInFlight(Message message) {
        if (message == oldestInFlight) {
            pollInFlight();
        } else {
            moreInFlight.remove(message);
        }
    }

    /** Returns the unacknowledged messages, oldest first (a copy: for the rare paths that walk them). */
    final List<Message> inFlight() {
        List<Message> all = new ArrayList<>();
        if (oldestInFlight != null) {
            all.add(oldestInFlight);
            if (moreInFlight != null) {
                all.addAll(moreInFlight);
            }
        }
        return all;
    }

    /** Empties both queues (the queue pair failed). */
    final void clearQueues() {
        firstWaiting = null;
        moreWaiting = null;
        oldestInFlight = null;
        moreInFlight = null;
    }

    /** Returns a buffer for a message of {@code length} bytes: the spare one if it fits, else one of the pools'. */
    final byte[] payload(int length) {
        byte[] spare = spareBuffer;
        if (spare != null && length > 0 && spare.length >= length) {
            spareBuffer = null;
            return spare;
        }
        return payloads.take(length);
    }

    /** Takes back an acknowledged message's buffer: the larger of it and the spare stays spare, the other goes to the pools. */
    final void giveBack(byte[] buffer) {
        byte[] spare = spareBuffer;
        if (PayloadBuffers.kept(buffer) && (spare == null || buffer.length > spare.length)) {
            spareBuffer = buffer;
            buffer = spare;
        }
        if (buffer != null) {
            payloads.give(buffer);
        }
    }
}
