package org.overbook.workloads.rdma;

import java.util.Arrays;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.overbook.guest.Guest;
import org.overbook.guest.Workload;
import org.overbook.guest.WorkloadMetrics;
import org.overbook.guest.WorkloadParameters;
import org.overbook.workloads.LatencyRecording;
import org.overbook.workloads.MessageSizes;
import org.overbook.workloads.RdmaWrites;

/**
 * The RDMA microbenchmarks {@code rdma-write-latency}, {@code rdma-write-bandwidth},
 * {@code rdma-send-latency} and {@code rdma-send-bandwidth}, after perftest's {@code ib_*_lat} and
 * {@code ib_*_bw} [1]; one tenant runs {@code role: server}, another {@code role: client} with
 * {@code peer} naming the server (usually across the link, so both NICs' policies are in the path).
 *
 * <h2>Design</h2>
 * The client measures; the server learns the plan (pattern, sizes, counts, detection) from the
 * client's first message, a send into a posted receive, and answers with a buffer registered for
 * remote writes, so only the client's parameters matter. Then, for each size in {@code sizes}
 * (default every power of two from 8 B to 4 MiB): {@code warmup} unmeasured and {@code iterations}
 * measured messages.
 * <ul>
 *   <li>Latency: ping-pong, one message outstanding; writes carry an event-counter increment that
 *       the peer detects by {@code notify} (busy-wait by default, NetVM's fastest [2]); sends are
 *       detected by polling the receive queue (or by interrupt). Reported: one-way latency, half the
 *       round trip, percentiles per size.</li>
 *   <li>Bandwidth: a stream with {@code window} messages outstanding (64), each completion posting the
 *       next. Reported: Gb/s per size, mean time per message, per-message completion times.</li>
 *   <li>{@code register-per-message: true} registers each message's source buffer before posting it
 *       and deregisters it once it completes, so the registration's cost is in the measurement: with
 *       {@code buffers} above the pin-down cache's capacity every lookup misses (Tezuka et al. [3]);
 *       a single 4 MiB message with its registration is PART's comparison against pinning [4].</li>
 * </ul>
 * The workloads only measure; what the numbers come to is the NIC model's business.
 *
 * <p>[1] linux-rdma/perftest. [2] NetVM (Myrinet thesis): on-demand translation against static
 * pinning. [3] Tezuka et al., "Pin-down cache", IPPS 1998. [4] PART, the follow-on of the Psistakis
 * thesis (ExaNeSt, ARM SMMU).
 */
public final class RdmaBenchmark implements Workload, LatencyRecording, RdmaWrites, MessageSizes {

    private final Pattern pattern;
    private final RdmaSettings settings;
    private BenchmarkClient client;
    private BenchmarkServer server;

    /** Reads the parameters of {@code pattern}'s benchmark. */
    public RdmaBenchmark(Pattern pattern, WorkloadParameters parameters) {
        this.pattern = pattern;
        this.settings = RdmaSettings.from(parameters, pattern);
    }

    /** Returns the client's largest size; the server learns the sizes from the client, whose check covers them. */
    @Override
    public int largestMessageBytes() {
        return settings.server() ? 0 : Arrays.stream(settings.sizes()).max().orElse(0);
    }

    @Override
    public String rdmaWrites() {
        return pattern.writes() ? "every message of " + pattern.workloadName() + " is one" : null;
    }

    @Override
    public void start(Guest guest) {
        if (settings.server()) {
            server = new BenchmarkServer(guest, settings);
            server.start();
        } else {
            client = new BenchmarkClient(guest, settings, pattern);
            client.start();
        }
    }

    @Override
    public void report(WorkloadMetrics metrics) {
        if (server != null) {
            server.report(metrics);
        }
        if (client != null) {
            for (SizeResult result : client.results()) {
                result.report(metrics, !pattern.pingPong());
            }
            metrics.counter("sizes_done", client.results().size());
            metrics.counter("errors", client.errors);
            metrics.counter("finished", client.finished ? 1 : 0);
            if (client.finished) {
                metrics.gauge("finished_at_us", client.finishedAtNanos / 1e3);
            }
        }
    }

    @Override
    public SortedMap<String, Histogram> latencyHistograms() {
        SortedMap<String, Histogram> out = new TreeMap<>();
        if (client != null) {
            for (SizeResult result : client.results()) {
                out.put(result.label(), result.histogram().copy());
            }
        }
        return out;
    }
}
