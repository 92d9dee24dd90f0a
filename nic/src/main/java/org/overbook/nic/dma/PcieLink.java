package org.overbook.nic.dma;

/**
 * The PCIe link between one NIC and its host, shared by all of the NIC's virtual functions.
 *
 * <p>Design. The link is full duplex: each direction is a FIFO bandwidth server, booked like a link
 * direction (a reservation at a time returns its completion time). Host to NIC carries the data of DMA
 * reads: send payload and the NIC's translation fetches. NIC to host carries DMA writes: receive
 * payload, and packets the NIC parks in a staging ring. A DMA read is non-posted: the read request
 * crosses the link, the root complex fetches the data, and the completion carries it back, so a read
 * takes the small-read latency before its data occupies the link; the DMA engine keeps many reads
 * outstanding, so the latency overlaps earlier reads' transfers and only the data is serialised. A
 * write is posted: its data occupies the NIC-to-host direction and nothing comes back. Bandwidth is
 * the usable rate after TLP headers and flow control (about 115 Gb/s of Gen3 x16's 126 Gb/s raw), and
 * the read latency that of a small read (about 550 ns) [1] [2]. Request TLPs of reads, flow-control
 * credits and ordering between the directions are left out.
 *
 * <p>[1] Neugebauer et al., "Understanding PCIe performance for end host networking", SIGCOMM 2018
 * (pcie-bench). [2] Intel, "Understanding Performance of PCI Express Systems" (AN 708).
 */
public final class PcieLink {

    /** Bytes of one line of the NIC's translation table: eight 8-byte entries ({@code struct mlx5_mtt}). */
    public static final int TRANSLATION_LINE_BYTES = 64;

    private final long bitsPerSecond;
    private final long readLatencyNanos;
    private final Direction hostToNic = new Direction();
    private final Direction nicToHost = new Direction();

    /** One direction of the link: a FIFO server of its bandwidth. */
    public final class Direction {
        private long busyUntil;
        private long busyNanos;
        private long bytes;

        private Direction() {
        }

        /** Books {@code count} bytes no earlier than {@code time}; returns when the last byte has crossed. */
        long transfer(long time, int count) {
            long start = Math.max(time, busyUntil);
            long nanos = nanosFor(count);
            busyUntil = start + nanos;
            busyNanos += nanos;
            bytes += count;
            return busyUntil;
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

    public PcieLink(long bitsPerSecond, long readLatencyNanos) {
        if (bitsPerSecond <= 0 || readLatencyNanos < 0) {
            throw new IllegalArgumentException("PCIe needs bandwidth > 0 and read latency >= 0");
        }
        this.bitsPerSecond = bitsPerSecond;
        this.readLatencyNanos = readLatencyNanos;
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
