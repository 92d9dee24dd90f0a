package org.overbook.nic.dma;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * The PCIe link between one NIC and its host, shared by all of the NIC's virtual functions.
 *
 * <p>Design. The link is full duplex: each direction is a bandwidth server that moves data in time
 * order (a reservation at a time returns its completion time, in the first idle time from then on).
 * Host to NIC carries the data of DMA reads: send payload and the NIC's translation fetches. NIC to
 * host carries DMA writes: receive payload, and packets the NIC parks in a staging ring. A DMA read is
 * non-posted: the read request crosses the link, the root complex fetches the data, and the completion
 * carries it back, so a read takes the small-read latency before its data occupies the link; the DMA
 * engine keeps many reads outstanding, so the latency overlaps earlier reads' transfers and only the
 * data is serialised. A write is posted: its data occupies the NIC-to-host direction and nothing comes
 * back. Bandwidth is the usable rate after TLP headers and flow control (about 115 Gb/s of Gen3 x16's
 * 126 Gb/s raw), and the read latency that of a small read (about 550 ns) [1] [2]. Request TLPs of
 * reads, flow-control credits and ordering between the directions are left out.
 *
 * <p>[1] Neugebauer et al., "Understanding PCIe performance for end host networking", SIGCOMM 2018
 * (pcie-bench). [2] Intel, "Understanding Performance of PCI Express Systems" (AN 708).
 */
public final class PcieLink {

    /** Bytes of one line of the NIC's translation table: eight 8-byte entries ({@code struct mlx5_mtt}). */
    public static final int TRANSLATION_LINE_BYTES = 64;

    private final long bitsPerSecond;
    private final long readLatencyNanos;
    private final LongSupplier clock;
    private final Direction hostToNic = new Direction(false);
    private final Direction nicToHost = new Direction(true);

    /**
     * One direction of the link: a server of its bandwidth. Host to NIC (read completions) moves data in the
     * order of the times it is booked for, not the order the bookings are made in: a translation that misses
     * more than once books its second line fetch ahead of now (after the first one's latency), and a booking
     * made later for an earlier time takes idle time before it instead of queueing behind it. Bookings for
     * the same or later times keep their order (a booking starts after every booking made for a time up to
     * its own has ended), so the packets of one message, booked for one time, still arrive in order. NIC to
     * host carries posted writes, which PCIe's ordering rules keep in the order they were issued: each starts
     * after every write booked before it (the NIC's receive path relies on that order). The bookings that end
     * after now are kept, in order of start; those that have ended are dropped.
     */
    public final class Direction {
        /** The bookings that may not have ended, in start order: indices {@code first} to {@code last - 1}. */
        private long[] times = new long[16];
        private long[] starts = new long[16];
        private long[] ends = new long[16];
        private int first;
        private int last;
        private long busyNanos;
        private long bytes;

        /** Whether each booking goes after all earlier ones (posted writes), not only those for times up to its own. */
        private final boolean inOrder;

        private Direction(boolean inOrder) {
            this.inOrder = inOrder;
        }

        /**
         * Books {@code count} bytes for {@code time}: after every booking made for a time up to {@code time},
         * in the first idle time that holds them. Returns when the last byte has crossed.
         */
        long transfer(long time, int count) {
            long nanos = nanosFor(count);
            bytes += count;
            long now = clock.getAsLong();
            dropEnded(now);
            long start = Math.max(time, now); // a caller may book for a time already past: data moves from now on
            int i = last;
            if (first < last && (inOrder || times[last - 1] <= time)) {
                // the common case: it goes after the latest booking, which ends last
                start = Math.max(start, ends[last - 1]);
            } else if (first < last) {
                // Bookings are disjoint (each takes idle time), so in start order their ends ascend too: the latest
                // end among the bookings that go before this one is that of the last of them.
                for (int j = last - 1; j >= first; j--) {
                    if (times[j] <= time) {
                        start = Math.max(start, ends[j]);
                        break;
                    }
                }
                i = firstEndingAfter(start);
                while (i < last && starts[i] < start + nanos) {
                    start = Math.max(start, ends[i]);
                    i++;
                }
            }
            if (nanos > 0) {
                book(i, time, start, start + nanos);
                busyNanos += nanos;
            }
            return start + nanos;
        }

        /** Drops the bookings that ended by {@code now} (a prefix, as ends ascend): nothing can be booked before now. */
        private void dropEnded(long now) {
            if (first < last && ends[first] <= now) {
                first = firstEndingAfter(now);
                if (first == last) {
                    first = 0;
                    last = 0;
                }
            }
        }

        /** Returns the index of the first booking that ends after {@code t} ({@code last} if none does). */
        private int firstEndingAfter(long t) {
            int low = first;
            int high = last;
            while (low < high) {
                int middle = (low + high) >>> 1;
                if (ends[middle] <= t) {
                    low = middle + 1;
                } else {
                    high = middle;
                }
            }
            return low;
        }

        /** Inserts the booking [start, end) for {@code time} at position {@code i} of the start order. */
        private void book(int i, long time, long start, long end) {
            if (last == starts.length) {
                int live = last - first;
                if (live * 2 > starts.length) {
                    times = Arrays.copyOf(times, starts.length * 2);
                    starts = Arrays.copyOf(starts, starts.length * 2);
                    ends = Arrays.copyOf(ends, ends.length * 2);
                } else {
                    System.arraycopy(times, first, times, 0, live);
                    System.arraycopy(starts, first, starts, 0, live);
                    System.arraycopy(ends, first, ends, 0, live);
                    i -= first;
                    first = 0;
                    last = live;
                }
            }
            if (i < last) {
                System.arraycopy(times, i, times, i + 1, last - i);
                System.arraycopy(starts, i, starts, i + 1, last - i);
                System.arraycopy(ends, i, ends, i + 1, last - i);
            }
            times[i] = time;
            starts[i] = start;
            ends[i] = end;
            last++;
        }

        /** Returns the nanoseconds this direction has spent moving data (for its utilisation). */
        public long busyNanos() {
            return busyNanos;
        }

        /** Returns the bytes this direction has moved. */
        public long bytes() {
            return bytes;
        }
    }

    /** A link whose bookings keep every busy interval (for tests that book without a simulation clock). */
    public PcieLink(long bitsPerSecond, long readLatencyNanos) {
        this(bitsPerSecond, readLatencyNanos, () -> 0L);
    }

    /**
     * @param clock the simulation's virtual time: nothing is booked before it, so intervals ended by then are dropped
     */
    public PcieLink(long bitsPerSecond, long readLatencyNanos, LongSupplier clock) {
        if (bitsPerSecond <= 0 || readLatencyNanos < 0) {
            throw new IllegalArgumentException("PCIe needs bandwidth > 0 and read latency >= 0");
        }
        this.bitsPerSecond = bitsPerSecond;
        this.readLatencyNanos = readLatencyNanos;
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** A DMA read of {@code count} bytes issued at {@code time}: returns when its data has reached the NIC. */
    public long read(long time, int count) {
        return hostToNic.transfer(time + readLatencyNanos, count);
    }

    /** A posted DMA write of {@code count} bytes issued at {@code time}: returns when it has reached memory. */
    public long write(long time, int count) {
        return nicToHost.transfer(time, count);
    }

    /** Returns the direction that carries DMA-read data (send payload, translation fetches). */
    public Direction hostToNic() {
        return hostToNic;
    }

    /** Returns the direction that carries DMA writes (receive payload, staged packets). */
    public Direction nicToHost() {
        return nicToHost;
    }

    public long bitsPerSecond() {
        return bitsPerSecond;
    }

    public long readLatencyNanos() {
        return readLatencyNanos;
    }

    /** Returns the nanoseconds {@code count} bytes occupy one direction, rounded up. */
    public long nanosFor(int count) {
        return (count * 8L * 1_000_000_000L + bitsPerSecond - 1) / bitsPerSecond;
    }
}
