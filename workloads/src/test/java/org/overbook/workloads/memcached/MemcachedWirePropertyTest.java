package org.overbook.workloads.memcached;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.overbook.guest.WorkloadParameters;
import org.overbook.guest.WorkloadRegistry;
import org.overbook.nic.NicConfig;
import org.overbook.nic.VfCounters;
import org.overbook.workloads.memcached.protocol.ByteString;
import org.overbook.workloads.memcached.protocol.Request;
import org.overbook.workloads.memcached.protocol.RequestEncoder;
import org.overbook.workloads.memcached.protocol.StoreMode;
import org.overbook.workloads.server.MemcachedServer;
import org.overbook.workloads.testing.Testbeds;
import org.overbook.workloads.testing.WireClient;
import org.overbook.workloads.testing.WireSession;

/**
 * The reference-model property over the network, a smaller sibling of {@link MemcachedModelPropertyTest}:
 * random command sequences sent by a client tenant to the {@code memcached} workload in a server tenant
 * (2x overcommit, on-demand paging, 4 KiB reply buffers so long replies span messages) get, byte for
 * byte, the replies of {@link ReferenceMemcached}. Expiry times are 0, already past, or far ahead and
 * flushes immediate, so the answers do not depend on when the server ran each request. jqwik prints the
 * seed of a failing try.
 */
class MemcachedWirePropertyTest {

    private static final int OPERATIONS = 120;
    private static final int[] EXPTIMES = {0, 0, 0, 0, -1, 2_592_001};
    private static final Map<String, Object> SERVER = Map.of("memory-limit", "4MiB", "item-size-max", "64KiB",
            "hash-power", 4, "lru-bump-interval", 0, "buffer-size", "80KiB", "reply-buffer-size", "4KiB",
            "receive-buffers", 4, "reply-buffers", 4);

    @Property(tries = 6, seed = "20250101")
    void serverAnswersAsTheReferenceModelOverTheWire(@ForAll @LongRange(min = 1) long seed) {
        try (Testbeds testbeds = Testbeds.create(/* serverFrames= */ 512, new int[] {1024}, new int[] {256},
                NicConfig.of("on-demand"), seed)) {
            MemcachedServer server = (MemcachedServer) WorkloadRegistry.discover().create("w", MemcachedServer.NAME,
                    new WorkloadParameters("w", SERVER));
            testbeds.testbed().server().tenant(0).boot(server);
            WireSession session = new WireSession(testbeds.testbed(), testbeds.testbed().client().tenant(0),
                    new WireClient("s0", "memcached", 80 << 10, 4 << 10));
            ReferenceMemcached model = new ReferenceMemcached(64 << 10);
            SplittableRandom random = new SplittableRandom(seed);
            List<ByteString> keys = keys();
            for (int op = 0; op < OPERATIONS; op++) {
                Request request = randomRequest(random, keys, model);
                byte[] message = RequestEncoder.encode(request);
                String expected = latin1(model.execute(request, testbeds.testbed().simulation().now()));
                String actual = session.exchange(latin1(message));
                int step = op;
                assertEquals(WireSession.printable(expected), WireSession.printable(actual),
                        () -> "seed " + seed + ", operation " + step + ": " + WireSession.printable(latin1(message)));
            }
            assertEquals(0L, Testbeds.metrics(server).get("evictions"), "seed " + seed + ": the model assumes no eviction");
            assertTrue(testbeds.testbed().serverNic().vf(0).counters().faults(VfCounters.Side.RECEIVE) > 0,
                    "seed " + seed + ": requests arrived by faulting receive DMA");
        }
    }

    private static List<ByteString> keys() {
        List<ByteString> keys = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            keys.add(ByteString.ofLatin1("k" + i));
        }
        keys.add(ByteString.ofLatin1("long-" + "L".repeat(240)));
        return keys;
    }

    private static Request randomRequest(SplittableRandom r, List<ByteString> keys, ReferenceMemcached model) {
        ByteString key = keys.get(r.nextInt(keys.size()));
        int flags = r.nextInt(4) == 0 ? r.nextInt() : r.nextInt(4);
        int exptime = EXPTIMES[r.nextInt(EXPTIMES.length)];
        boolean noreply = r.nextInt(10) == 0;
        int kind = r.nextInt(100);
        if (kind < 28) {
            List<ByteString> some = new ArrayList<>();
            for (int i = r.nextInt(1, 5); i > 0; i--) {
                some.add(keys.get(r.nextInt(keys.size())));
            }
            return new Request.Get(some, r.nextBoolean());
        } else if (kind < 50) {
            return new Request.Store(StoreMode.SET, key, flags, exptime, value(r), noreply);
        } else if (kind < 55) {
            return new Request.Store(StoreMode.ADD, key, flags, exptime, value(r), noreply);
        } else if (kind < 60) {
            return new Request.Store(StoreMode.REPLACE, key, flags, exptime, value(r), noreply);
        } else if (kind < 65) {
            return new Request.Store(r.nextBoolean() ? StoreMode.APPEND : StoreMode.PREPEND, key, flags, exptime, value(r), noreply);
        } else if (kind < 71) {
            long cas = r.nextBoolean() ? model.casOf(key) : r.nextLong(1, 50);
            return new Request.CompareAndSwap(key, flags, exptime, cas, value(r), noreply);
        } else if (kind < 77) {
            return new Request.Delete(key, noreply);
        } else if (kind < 86) {
            return new Request.Arithmetic(r.nextBoolean(), key, r.nextInt(5) == 0 ? r.nextLong() : r.nextLong(100), noreply);
        } else if (kind < 91) {
            return new Request.Touch(key, exptime, noreply);
        } else if (kind < 96) {
            return new Request.GetAndTouch(exptime, List.of(key), r.nextBoolean());
        } else if (kind < 98) {
            return new Request.FlushAll(0, noreply);
        } else {
            return new Request.Version();
        }
    }

    /** Often a number (for incr/decr), else random bytes up to 6 KiB, now and then beyond the item limit. */
    private static ByteString value(SplittableRandom r) {
        int kind = r.nextInt(20);
        if (kind < 6) {
            return ByteString.ofLatin1(r.nextInt(4) == 0 ? Long.toUnsignedString(-1L - r.nextInt(3)) : Long.toString(r.nextInt(1000)));
        }
        byte[] b = new byte[kind == 19 ? r.nextInt(60_000, 70_000) : r.nextInt(6 << 10)];
        r.nextBytes(b);
        return ByteString.copyOf(b);
    }

    private static String latin1(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }
}
