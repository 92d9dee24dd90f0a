package org.overbook.nic.link;

import java.util.random.RandomGenerator;
import org.overbook.hypervisor.sim.Action;
import org.overbook.hypervisor.sim.Simulation;

/**
 * A full-duplex point-to-point link: each direction sends one packet at a time at the link's
 * bandwidth (serialization), and a packet arrives {@code latency} after its last bit left. Packets in
 * one direction arrive in the order they were sent. With a loss rate, each packet is dropped with that
 * probability, drawn from the link's own random stream. A packet carries at most the path MTU of
 * payload; senders cut longer messages into packets ({@link #mtu()}).
 */
public final class Link {

    /** Bytes of headers each packet carries on the wire (InfiniBand LRH+BTH+ICRC+VCRC, about). */
    public static final int HEADER_BYTES = 30;

    /** What {@link Direction#send} returns for a packet the link lost. */
    public static final long LOST = -1;

    private final Simulation simulation;
    private final long bitsPerSecond;
    private final long latencyNanos;
    private final double lossRate;
    private final int mtu;
    /** The wire time of a packet without payload (an acknowledgement, a NAK): half the packets, one division less each. */
    private final long headerNanos;
    private final Direction[] directions = new Direction[2];

    /** One direction of the link. */
    public final class Direction {
        private final RandomGenerator loss;
        private long busyUntil;
        private long packets;
        private long bytes;
        private long lost;

        private Direction(RandomGenerator loss) {
            this.loss = loss;
        }

        /** Returns the path MTU of the link. */
        public int mtu() {
            return mtu;
        }

        /** Returns the link's propagation latency: how long after its last bit leaves a packet arrives. */
        public long latencyNanos() {
            return latencyNanos;
        }

        /**
         * Sends a packet of {@code payloadBytes} no earlier than {@code time}; {@code onArrival} runs when
         * it arrives, unless it is lost. Returns when it arrives, or {@link #LOST}. Each packet arrives
         * strictly after the one sent before it in this direction (its last bit leaves after theirs).
         */
        public long send(long time, int payloadBytes, Action onArrival) {
            long start = Math.max(time, Math.max(busyUntil, simulation.now()));
            long done = start + (payloadBytes == 0 ? headerNanos : serializationNanos(payloadBytes));
            busyUntil = done;
            packets++;
            bytes += payloadBytes;
            if (lossRate > 0 && loss.nextDouble() < lossRate) {
                lost++;
                return LOST;
            }
            simulation.scheduleAt(done + latencyNanos, onArrival);
            return done + latencyNanos;
        }

        public long packets() {
            return packets;
        }

        public long payloadBytes() {
            return bytes;
        }

        public long lost() {
            return lost;
        }
    }

    public Link(Simulation simulation, long bitsPerSecond, long latencyNanos, double lossRate, int mtu) {
        if (bitsPerSecond <= 0 || latencyNanos < 0 || !(lossRate >= 0 && lossRate < 1) || mtu <= 0) {
            throw new IllegalArgumentException("link needs bandwidth > 0, latency >= 0, loss in [0, 1), MTU > 0");
        }
        this.mtu = mtu;
        this.simulation = simulation;
        this.bitsPerSecond = bitsPerSecond;
        this.latencyNanos = latencyNanos;
        this.lossRate = lossRate;
        this.headerNanos = serializationNanos(0);
        directions[0] = new Direction(simulation.random().stream("link/0"));
        directions[1] = new Direction(simulation.random().stream("link/1"));
    }

    /** Returns the nanoseconds a packet of {@code payloadBytes} takes to leave, its headers included, rounded up. */
    private long serializationNanos(int payloadBytes) {
        long wireBits = 8L * (payloadBytes + HEADER_BYTES);
        return (wireBits * 1_000_000_000L + bitsPerSecond - 1) / bitsPerSecond;
    }

    /** Returns the direction leaving side {@code side} (0 or 1). */
    public Direction from(int side) {
        return directions[side];
    }

    public long bitsPerSecond() {
        return bitsPerSecond;
    }

    public long latencyNanos() {
        return latencyNanos;
    }

    /** Returns the path MTU: the most payload bytes one packet carries. */
    public int mtu() {
        return mtu;
    }
}
