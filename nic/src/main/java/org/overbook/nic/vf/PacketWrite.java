package org.overbook.nic.vf;

import org.overbook.guest.verbs.WorkRequest;
import org.overbook.hypervisor.sim.Action;
import org.overbook.nic.dma.Translator;

/**
 * A packet's DMA write in flight, the event of its end: the bytes go to the translated frames, the pages
 * are marked written and unlocked, and the responder takes it back ({@link Responder#written}). The
 * responder keeps the ones done with for the next packets, with their frame arrays.
 */
final class PacketWrite extends Action {

    private final Responder responder;
    private final Translator translator;
    private int[] frames = new int[2];
    private Message message;
    private int index;
    private WorkRequest.Receive receive;
    private long start;
    private int length;
    private int first;
    private int pages;

    PacketWrite(Responder responder, Translator translator) {
        this.responder = responder;
        this.translator = translator;
    }

    /** Returns an array for the frames of {@code pages} pages, to be filled before {@link #set}. */
    int[] frames(int pages) {
        if (frames.length < pages) {
            frames = new int[pages];
        }
        return frames;
    }

    /** Packet {@code index} of {@code message}: {@code length} bytes to guest {@code start}, on {@code pages} pages from {@code first}. */
    void set(Message message, int index, WorkRequest.Receive receive, long start, int length, int first, int pages) {
        this.message = message;
        this.index = index;
        this.receive = receive;
        this.start = start;
        this.length = length;
        this.first = first;
        this.pages = pages;
    }

    Message message() {
        return message;
    }

    int index() {
        return index;
    }

    WorkRequest.Receive receive() {
        return receive;
    }

    /** Drops the references to the message and its receive. */
    void clear() {
        message = null;
        receive = null;
    }

    @Override
    public void run() {
        DmaCopy.in(translator, message.payload, message.offset(index), length, start, frames);
        translator.endWrite(first, pages);
        responder.written(this);
    }
}
