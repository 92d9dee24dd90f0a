package org.overbook.workloads.rdma;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.Units;
import org.overbook.guest.WorkloadParameters;
import org.overbook.guest.verbs.EventCounter;

/**
 * An RDMA microbenchmark's parameters. The client side measures and decides everything; the server
 * side only listens and learns the plan from the client's first message.
 *
 * @param server             whether this is the passive side ({@code role: server})
 * @param peer               client: the server tenant to connect to
 * @param service            the service the server listens on
 * @param sizes              message sizes in bytes, in the order run
 * @param iterations         measured messages per size
 * @param warmup             unmeasured messages before them, per size
 * @param window             streams: messages outstanding
 * @param registerPerMessage register each message's source buffer before posting it and deregister
 *                           it once it completed (the pin-down-cache and PART experiments)
 * @param buffers            distinct source buffers, used in turn (more than a pin-down cache holds
 *                           makes every registration miss)
 * @param detection          write ping-pong: how each side detects the peer's write
 * @param busyPoll           send ping-pong: poll the receive completion queue (else take the interrupt)
 * @param pollNanos          vCPU time one poll of a completion queue takes
 * @param startDelayNanos    client: wait before connecting
 */
record RdmaSettings(boolean server, String peer, String service, int[] sizes, int iterations, int warmup, int window,
                    boolean registerPerMessage, int buffers, EventCounter.Detection detection, boolean busyPoll,
                    long pollNanos, long startDelayNanos) {

    static final int MIN_SIZE = 1;
    static final int MAX_SIZE = 64 << 20;
    static final int MAX_SIZES = 1000;
    /** Windows beyond this do not fit the server's rings, which are fixed when it listens. */
    static final int MAX_WINDOW = 256;

    /** Returns the default sizes: every power of two from 8 B to 4 MiB. */
    static int[] defaultSizes() {
        int[] sizes = new int[20];
        for (int i = 0; i < sizes.length; i++) {
            sizes[i] = 8 << i;
        }
        return sizes;
    }

    /**
     * Reads {@code role} (client, server), {@code peer}, {@code service}, {@code sizes} (a list such as
     * {@code 8,4KiB,4MiB} or {@code [8, 4KiB, 4MiB]}) or {@code size}, {@code iterations}, {@code warmup}, {@code window},
     * {@code register-per-message}, {@code buffers}, {@code notify} (busy-wait, block, handler),
     * {@code completion} (busy-poll, interrupt), {@code poll-interval}, {@code start-delay}.
     */
    static RdmaSettings from(WorkloadParameters p, Pattern pattern) {
        boolean server = p.choice("role", "client", "client", "server").equals("server");
        String peer = p.string("peer", null);
        if (!server && (peer == null || peer.isBlank())) {
            throw new ConfigurationException(p.field("peer"), "missing; the client names the server tenant it measures against");
        }
        String service = p.string("service", "rdma-bench");
        int[] sizes = sizes(p);
        int iterations = (int) p.integer("iterations", 1_000, 1, 100_000_000);
        int warmup = (int) p.integer("warmup", 100, 0, 100_000_000);
        int window = (int) p.integer("window", pattern.pingPong() ? 1 : 64, 1, MAX_WINDOW);
        boolean perMessage = p.flag("register-per-message", false);
        int buffers = (int) p.integer("buffers", 1, 1, 65_536);
        EventCounter.Detection detection = EventCounter.Detection.valueOf(
                p.choice("notify", "busy-wait", "busy-wait", "block", "handler").replace('-', '_').toUpperCase(Locale.ROOT));
        boolean busyPoll = p.choice("completion", "busy-poll", "busy-poll", "interrupt").equals("busy-poll");
        long pollNanos = p.nanos("poll-interval", 100, 1, 1_000_000);
        long startDelay = p.nanos("start-delay", 10_000, 0, Long.MAX_VALUE / 4);
        return new RdmaSettings(server, peer, service, sizes, iterations, warmup, window, perMessage, buffers, detection,
                busyPoll, pollNanos, startDelay);
    }

    private static int[] sizes(WorkloadParameters p) {
        String one = p.string("size", null);
        String many = p.string("sizes", null);
        if (one != null && many != null) {
            throw new ConfigurationException(p.field("sizes"), "give size or sizes, not both");
        }
        String text = one != null ? one : many;
        String field = p.field(one != null ? "size" : "sizes");
        if (text == null) {
            return defaultSizes();
        }
        List<Integer> sizes = new ArrayList<>();
        for (String part : unbracket(text).split(",")) {
            if (part.isBlank()) {
                continue;
            }
            long bytes = Units.bytes(field, part.strip());
            if (bytes < MIN_SIZE || bytes > MAX_SIZE) {
                throw new ConfigurationException(field, part.strip() + " is out of range; accepted: 1 byte to 64MiB");
            }
            sizes.add((int) bytes);
        }
        if (sizes.isEmpty() || sizes.size() > MAX_SIZES || (one != null && sizes.size() != 1)) {
            throw new ConfigurationException(field, "'" + text + "' must name 1 to " + MAX_SIZES + " sizes" + (one != null ? " (size takes one)" : ""));
        }
        return sizes.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Returns a list's text without the brackets a YAML list brings ({@code [8, 64, 4KiB]}). */
    static String unbracket(String text) {
        String t = text.strip();
        return t.startsWith("[") && t.endsWith("]") ? t.substring(1, t.length() - 1) : t;
    }

    /** Returns the largest size. */
    int maxSize() {
        int max = 0;
        for (int s : sizes) {
            max = Math.max(max, s);
        }
        return max;
    }
}
