package org.overbook.nic.vf;

import org.overbook.nic.LinkConfig;
import org.overbook.nic.NicConfig;
import org.overbook.nic.dma.PcieLink;
import org.overbook.nic.link.Link;

/**
 * The timeline of one queue pair's messages, computed by hand from the configuration (nothing in it is read out
 * of a run), for the tests that check the model against it.
 *
 * <p>The pipeline, as the model's design comments state it: the send engine reads one work request at a time
 * (the request's fetch, then its packets' DMA reads back to back after one PCIe read latency, the next request's
 * fetch starting when the last read ends); each packet goes on the wire when its data is in, behind the packet
 * before it (serialisation of payload and headers, rounded up to the nanosecond), and arrives one link latency
 * after its last bit; the receive engine takes the packets in arrival order, one at a time, and writes each over
 * PCIe after the one before it (posted writes), after the line fetches its translation waits for (one PCIe read
 * latency and a 64-byte line each); an answer (acknowledgement or NACK) crosses the other wire as a bare header;
 * a completion reaches its handler one interrupt after it is made. The two hosts have a PCIe link each, and the
 * queue pair under test is the only traffic, so no other booking delays these.
 */
final class HandTimeline {

    private final long wqeNanos;
    private final long readLatencyNanos;
    private final long pcieBitsPerSecond;
    private final long linkBitsPerSecond;
    private final long linkLatencyNanos;
    private final long interruptNanos;
    /** When the send engine's last read ended (at first, when the requests were posted). */
    private long engineFree;
    private long dataWireFree;
    private long answerWireFree;
    /** When the receive engine's last write ended. */
    private long writtenUntil;

    /** A timeline of requests posted at {@code posted} on an idle queue pair. */
    HandTimeline(NicConfig nic, LinkConfig link, long posted) {
        this.wqeNanos = nic.costs().wqeNanos();
        this.readLatencyNanos = nic.pcie().readLatencyNanos();
        this.pcieBitsPerSecond = nic.pcie().bitsPerSecond();
        this.linkBitsPerSecond = link.bitsPerSecond();
        this.linkLatencyNanos = link.latencyNanos();
        this.interruptNanos = nic.costs().interruptNanos();
        this.engineFree = posted;
    }

    /** Returns the nanoseconds {@code bytes} of DMA data occupy one direction of PCIe. */
    long pcie(int bytes) {
        return ceil(bytes * 8L * 1_000_000_000L, pcieBitsPerSecond);
    }

    /** Returns the nanoseconds a packet of {@code payload} bytes takes to leave, its headers included. */
    long wire(int payload) {
        return ceil((payload + Link.HEADER_BYTES) * 8L * 1_000_000_000L, linkBitsPerSecond);
    }

    /** Rounds {@code address} up to the start of a line of the translation table (its entries' pages). */
    static long lineAligned(long address) {
        long lineBytes = (long) PcieLink.TRANSLATION_LINE_BYTES / 8 * 4096;
        return (address + lineBytes - 1) / lineBytes * lineBytes;
    }

    /** Returns what one translation line fetch adds to a packet's handling. */
    long lineFetch() {
        return readLatencyNanos + pcie(PcieLink.TRANSLATION_LINE_BYTES);
    }

    long interrupt() {
        return interruptNanos;
    }

    /** The send engine reads the next request, of packets of {@code lengths} bytes: returns when each one's data is in. */
    long[] read(int[] lengths) {
        long at = engineFree + wqeNanos + readLatencyNanos;
        long[] done = new long[lengths.length];
        for (int k = 0; k < lengths.length; k++) {
            at += pcie(lengths[k]);
            done[k] = at;
        }
        engineFree = at;
        return done;
    }

    /** A data packet of {@code payload} bytes goes on the wire at {@code time}: returns when it arrives. */
    long send(long time, int payload) {
        dataWireFree = Math.max(time, dataWireFree) + wire(payload);
        return dataWireFree + linkLatencyNanos;
    }

    /** Returns when the receive engine takes a packet that arrives at {@code arrival}. */
    long handled(long arrival) {
        return Math.max(arrival, writtenUntil);
    }

    /** A packet taken at {@code time} whose translation waits {@code translation} ns is written: returns when. */
    long write(long time, long translation, int payload) {
        writtenUntil = time + translation + pcie(payload);
        return writtenUntil;
    }

    /** A packet arriving at {@code arrival} on pages in the TLB is taken and written: returns when it is written. */
    long receive(long arrival, int payload) {
        return write(handled(arrival), 0, payload);
    }

    /** An answer sent at {@code time} crosses the other wire: returns when it arrives. */
    long answer(long time) {
        answerWireFree = Math.max(time, answerWireFree) + wire(0);
        return answerWireFree + linkLatencyNanos;
    }

    private static long ceil(long numerator, long denominator) {
        return (numerator + denominator - 1) / denominator;
    }
}
