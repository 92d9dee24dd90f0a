package org.overbook.workloads.memcached;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.overbook.guest.Guest;
import org.overbook.guest.WorkloadMetrics;
import org.overbook.hypervisor.Host;
import org.overbook.workloads.memcached.protocol.MessageBuffer;

/** A {@link MemcachedEngine} on a real tenant of a real host, driven by text requests. */
final class EngineUnderTest {

    /** Small-host settings: 64 KiB slab pages, 16 hash buckets, strict LRU (no bump interval). */
    static final MemcachedSettings SMALL = MemcachedSettings.defaults()
            .withItemSizeMax(64 << 10)
            .withMemoryLimit(1 << 20)
            .withHashPower(4)
            .withLruBumpInterval(0);

    final Host host;
    final Guest guest;
    final MemcachedEngine engine;
    private final MessageBuffer reply = new MessageBuffer(256);

    EngineUnderTest(Host host, int tenant, MemcachedSettings settings) {
        this.host = host;
        this.guest = host.tenant(tenant).guest();
        this.engine = new MemcachedEngine(guest, settings);
    }

    /** Sends one message and returns the reply, one character per byte. */
    String send(String message) {
        return new String(sendBytes(message.getBytes(StandardCharsets.ISO_8859_1)), StandardCharsets.ISO_8859_1);
    }

    /** Sends one message and returns the reply bytes. */
    byte[] sendBytes(byte[] message) {
        reply.clear();
        engine.execute(message, 0, message.length, reply);
        return reply.toByteArray();
    }

    /** Sends {@code request} and checks the reply is exactly {@code expected}. */
    void expect(String request, String expected) {
        assertEquals(expected, send(request), () -> "reply to " + printable(request));
    }

    /** Moves virtual time on by {@code nanos} past what the vCPU has been charged. */
    void advance(long nanos) {
        host.simulation().runUntil(guest.now() + nanos);
    }

    /** Returns the engine's figures by name. */
    Map<String, Number> metrics() {
        return WorkloadMetrics.collect(engine::report);
    }

    long counter(String name) {
        Number n = metrics().get(name);
        if (n == null) {
            throw new IllegalArgumentException("no metric " + name);
        }
        return n.longValue();
    }

    static String printable(String s) {
        return s.replace("\r", "\\r").replace("\n", "\\n");
    }
}
