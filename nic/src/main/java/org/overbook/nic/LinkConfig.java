package org.overbook.nic;

import org.overbook.guest.ConfigurationException;

/**
 * The wire between the hosts.
 *
 * @param bitsPerSecond bandwidth (FDR InfiniBand: 56 Gb/s)
 * @param latencyNanos  one-way latency (FDR InfiniBand: ~0.6 µs)
 * @param lossRate      probability that a packet is lost, in [0, 1); only for the datagram transport
 * @param mtu           the path MTU, payload bytes of one packet: a longer message travels as packets
 *                      (InfiniBand: 256 to 4096; 4096 by default)
 */
public record LinkConfig(long bitsPerSecond, long latencyNanos, double lossRate, int mtu) {

    /** The smallest and largest path MTU accepted. */
    public static final int MIN_MTU = 256;
    public static final int MAX_MTU = 65536;

    /** Returns FDR InfiniBand: 56 Gb/s, 600 ns, lossless, MTU 4096. */
    public static LinkConfig fdr() {
        return new LinkConfig(56_000_000_000L, 600, 0.0, 4096);
    }

    public LinkConfig withLoss(double rate) {
        return new LinkConfig(bitsPerSecond, latencyNanos, rate, mtu);
    }

    public LinkConfig withMtu(int bytes) {
        return new LinkConfig(bitsPerSecond, latencyNanos, lossRate, bytes);
    }

    /**
     * Checks the link; {@code prefix} is its scenario path ({@code link}).
     *
     * @throws ConfigurationException naming the field, the value and what is accepted
     */
    public void validate(String prefix, boolean reliable) {
        if (bitsPerSecond <= 0) {
            throw new ConfigurationException(prefix + ".bandwidth", bitsPerSecond + " b/s; accepted: a positive rate such as 56Gbps");
        }
        if (latencyNanos < 0) {
            throw new ConfigurationException(prefix + ".latency", latencyNanos + " ns; accepted: zero or more, such as 600ns");
        }
        if (!(lossRate >= 0 && lossRate < 1)) {
            throw new ConfigurationException(prefix + ".loss", lossRate + " is not a probability; accepted: a number in [0, 1)");
        }
        if (mtu < MIN_MTU || mtu > MAX_MTU) {
            throw new ConfigurationException(prefix + ".mtu", mtu + " bytes; accepted: " + MIN_MTU + " to " + MAX_MTU
                    + " (InfiniBand: 256, 512, 1024, 2048 or 4096)");
        }
        if (lossRate > 0 && reliable) {
            throw new ConfigurationException(prefix + ".loss", lossRate + " with transport reliable; accepted: 0, since the "
                    + "reliable transport models a lossless InfiniBand fabric (loss needs nic.transport: datagram)");
        }
    }
}
