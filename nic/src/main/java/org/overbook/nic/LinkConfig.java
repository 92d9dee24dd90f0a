package org.overbook.nic;

import org.overbook.guest.ConfigurationException;

/**
 * The wire between the hosts.
 *
 * @param bitsPerSecond bandwidth (FDR InfiniBand: 56 Gb/s)
 * @param latencyNanos  one-way latency (FDR InfiniBand: ~0.6 µs)
 * @param lossRate      probability that a packet is lost, in [0, 1); only for the datagram transport
 */
public record LinkConfig(long bitsPerSecond, long latencyNanos, double lossRate) {

    /** Returns FDR InfiniBand: 56 Gb/s, 600 ns, lossless. */
    public static LinkConfig fdr() {
        return new LinkConfig(56_000_000_000L, 600, 0.0);
    }

    public LinkConfig withLoss(double rate) {
        return new LinkConfig(bitsPerSecond, latencyNanos, rate);
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
        if (lossRate > 0 && reliable) {
            throw new ConfigurationException(prefix + ".loss", lossRate + " with transport reliable; accepted: 0, since the "
                    + "reliable transport models a lossless InfiniBand fabric (loss needs nic.transport: datagram)");
        }
    }
}
