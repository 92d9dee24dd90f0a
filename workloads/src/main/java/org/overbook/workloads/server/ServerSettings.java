package org.overbook.workloads.server;

import org.overbook.guest.ConfigurationException;
import org.overbook.guest.WorkloadParameters;
import org.overbook.workloads.memcached.MemcachedSettings;

/**
 * The network side of a {@link MemcachedServer}: its service name, buffers and limits. The engine's
 * own settings are {@link MemcachedSettings}.
 *
 * @param service         the service it listens on
 * @param receiveBuffers  receive buffers posted per connection
 * @param bufferSize      bytes per receive buffer: the largest request message accepted
 * @param replyBuffers    reply buffers per connection, each a send in flight at most
 * @param replyBufferSize bytes per reply buffer: a longer reply leaves as several messages
 * @param replySizeMax    the largest reply one retrieval may build; a larger one is answered
 *                        {@code SERVER_ERROR out of memory writing get response}
 * @param maxConnections  connections the completion queues are sized for
 * @param prefetchOnUpcall register the buffers with a translation listener (CLUSTER 2005's extended
 *                        registration) and, told that the NIC TLB replaced a buffer page's translation,
 *                        advise the NIC to bring that page back ({@code upcalls: prefetch}); {@code off}
 *                        registers plainly
 */
record ServerSettings(String service, int receiveBuffers, int bufferSize, int replyBuffers, int replyBufferSize,
                      long replySizeMax, int maxConnections, boolean prefetchOnUpcall) {

    static final String DEFAULT_SERVICE = "memcached";
    static final int DEFAULT_RECEIVE_BUFFERS = 16;
    static final int DEFAULT_BUFFER_SIZE = 8 << 10;
    static final int DEFAULT_REPLY_BUFFERS = 16;
    static final int DEFAULT_MAX_CONNECTIONS = 64;
    /** The smallest buffer accepted: a command line with a 250-byte key and every numeric field. */
    static final int MIN_BUFFER_SIZE = 512;
    static final int MAX_BUFFER_SIZE = 64 << 20;
    /** Room a single largest item's reply needs beyond its value: VALUE line, key, END. */
    static final int REPLY_OVERHEAD = 1024;

    /**
     * Reads the server's parameters: {@code service}, {@code receive-buffers}, {@code buffer-size},
     * {@code reply-buffers}, {@code reply-buffer-size}, {@code reply-size-max}, {@code max-connections}, {@code upcalls}
     * ({@code off} or {@code prefetch}).
     *
     * @throws ConfigurationException naming the field at fault
     */
    static ServerSettings from(WorkloadParameters p, MemcachedSettings engine) {
        String service = p.string("service", DEFAULT_SERVICE);
        if (service.isBlank()) {
            throw new ConfigurationException(p.field("service"), "a service needs a name");
        }
        int receiveBuffers = (int) p.integer("receive-buffers", DEFAULT_RECEIVE_BUFFERS, 1, 4096);
        int bufferSize = (int) p.bytes("buffer-size", DEFAULT_BUFFER_SIZE, MIN_BUFFER_SIZE, MAX_BUFFER_SIZE);
        int replyBuffers = (int) p.integer("reply-buffers", DEFAULT_REPLY_BUFFERS, 1, 4096);
        int replyBufferSize = (int) p.bytes("reply-buffer-size", bufferSize, MIN_BUFFER_SIZE, MAX_BUFFER_SIZE);
        long minReply = (long) engine.itemSizeMax() + REPLY_OVERHEAD;
        long replySizeMax = p.bytes("reply-size-max", 2L * engine.itemSizeMax(), minReply, 1L << 30);
        int maxConnections = (int) p.integer("max-connections", DEFAULT_MAX_CONNECTIONS, 1, 65_536);
        boolean prefetchOnUpcall = p.choice("upcalls", "off", "off", "prefetch").equals("prefetch");
        return new ServerSettings(service, receiveBuffers, bufferSize, replyBuffers, replyBufferSize, replySizeMax,
                maxConnections, prefetchOnUpcall);
    }

    /** Returns the receive ring: the receive buffers, rounded up to a power of two. */
    int receiveRing() {
        return powerOfTwo(receiveBuffers);
    }

    /** Returns the send ring: the reply buffers, rounded up to a power of two. */
    int sendRing() {
        return powerOfTwo(replyBuffers);
    }

    /** Returns a completion-queue capacity for {@code perConnection} entries on every connection. */
    int completionQueueCapacity(int perConnection) {
        return powerOfTwo((int) Math.min(1 << 20, (long) perConnection * maxConnections));
    }

    static int powerOfTwo(int n) {
        return n <= 1 ? 1 : Integer.highestOneBit(n - 1) << 1;
    }
}
