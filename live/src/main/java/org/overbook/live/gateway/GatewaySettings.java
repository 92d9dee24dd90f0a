package org.overbook.live.gateway;

import org.overbook.guest.ConfigurationException;
import org.overbook.guest.WorkloadParameters;

/**
 * The {@code gateway} workload's parameters. The sizes must match the target server's ({@code serve} copies them
 * from its workload parameters): a request is one message that must fit one of the server's receive buffers.
 *
 * @param target          the server tenant the gateway talks to
 * @param service         the service it listens on
 * @param listen          which listen address of the session feeds this gateway (0, 1, ...)
 * @param window          requests in flight per connection (posted, not answered); the rest wait in order
 * @param requestSizeMax  bytes per request buffer: the server's {@code buffer-size}
 * @param replyBufferSize bytes per receive buffer: at least the server's {@code reply-buffer-size}
 * @param receiveBuffers  receive buffers posted per connection
 * @param costNanos       vCPU time per request on the gateway tenant (posting it, reading its reply)
 */
record GatewaySettings(String target, String service, int listen, int window, int requestSizeMax, int replyBufferSize,
                       int receiveBuffers, long costNanos) {

    static final long CONNECT_RETRY_NANOS = 100_000;
    static final int CONNECT_RETRIES = 100_000;

    /**
     * Reads {@code target}, {@code service}, {@code listen}, {@code window}, {@code request-size-max},
     * {@code reply-buffer-size}, {@code receive-buffers}, {@code client-cost}.
     *
     * @throws ConfigurationException naming the field at fault
     */
    static GatewaySettings from(WorkloadParameters p) {
        String target = p.string("target", "");
        if (target.isBlank()) {
            throw new ConfigurationException(p.field("target"), "the gateway needs the name of the server tenant it talks to");
        }
        String service = p.string("service", "memcached");
        int listen = (int) p.integer("listen", 0, 0, 1024);
        int window = (int) p.integer("window", 8, 1, 1024);
        int requestSizeMax = (int) p.bytes("request-size-max", 8 << 10, 512, 64 << 20);
        int replyBufferSize = (int) p.bytes("reply-buffer-size", requestSizeMax, 512, 64 << 20);
        int receiveBuffers = (int) p.integer("receive-buffers", 16, 1, 4096);
        long cost = p.nanos("client-cost", 1_000, 0, 1_000_000_000L);
        return new GatewaySettings(target, service, listen, window, requestSizeMax, replyBufferSize, receiveBuffers, cost);
    }

    /** Returns the send ring: the window, rounded up to a power of two. */
    int sendRing() {
        return powerOfTwo(window);
    }

    /** Returns the receive ring. */
    int receiveRing() {
        return powerOfTwo(receiveBuffers);
    }

    private static int powerOfTwo(int n) {
        return n <= 1 ? 1 : Integer.highestOneBit(n - 1) << 1;
    }
}
