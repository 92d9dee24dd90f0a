package org.overbook.workloads.memcached;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.overbook.hypervisor.Host;
import org.overbook.hypervisor.testing.HostsUnderTest;
import org.overbook.workloads.memcached.protocol.ByteString;
import org.overbook.workloads.memcached.protocol.Request;
import org.overbook.workloads.memcached.protocol.RequestEncoder;
import org.overbook.workloads.memcached.protocol.StoreMode;

/**
 * Random command sequences give the engine's replies byte for byte the same as a plain reference
 * model's ({@link ReferenceMemcached}), with time moving on so items expire, while the host swaps the
 * store's pages: 8 MiB of guest memory over 160 KiB of host RAM. Every value read back, and finally
 * every value held, is compared byte for byte. The memory limit is high enough that nothing is
 * evicted (checked), so the model needs no eviction rule. jqwik prints the seed of a failing try.
 */
class MemcachedModelPropertyTest {

    private static final int FRAMES = 40;
    private static final int GUEST_PAGES = 2048;
    private static final int OPERATIONS = 400;
    private static final MemcachedSettings SETTINGS = EngineUnderTest.SMALL.withMemoryLimit(6 << 20);
    private static final int[] EXPTIMES = {0, 0, 0, 0, 1, 2, 3, 5, -1, 2_592_001};

    @Property(tries = 30, seed = "20240611")
    void engineAnswersAsTheReferenceModel(@ForAll @LongRange(min = 1) long seed) {
        Path directory = new HostsUnderTest().newDirectory();
        Host host = Host.create(HostsUnderTest.config(FRAMES, GUEST_PAGES, 1, GUEST_PAGES, seed, directory));
        try {
            EngineUnderTest e = new EngineUnderTest(host, 0, SETTINGS);
            ReferenceMemcached model = new ReferenceMemcached(SETTINGS.itemSizeMax());
            SplittableRandom random = new SplittableRandom(seed);
            List<ByteString> keys = keys(random);
            for (int op = 0; op < OPERATIONS; op++) {
                if (random.nextInt(10) == 0) {
                    e.advance(random.nextLong(1_500_000_000L));
                }
                Request request = randomRequest(random, keys, model);
                long now = e.guest.now();
                byte[] expected = model.execute(request, now);
                byte[] actual = e.sendBytes(RequestEncoder.encode(request));
                int step = op;
                assertArrayEquals(expected, actual, () -> "seed " + seed + ", operation " + step + " at " + now + " ns: "
                        + text(RequestEncoder.encode(request)) + "\nexpected " + text(expected) + "\nactual   " + text(actual));
            }
            for (Map.Entry<ByteString, byte[]> entry : model.contents().entrySet()) {
                Request get = new Request.Get(List.of(entry.getKey()), false);
                byte[] reply = e.sendBytes(RequestEncoder.encode(get));
                assertArrayEquals(model.execute(get, e.guest.now()), reply, "seed " + seed + ", final value of " + entry.getKey());
            }
            assertEquals(0, e.counter("evictions"), "seed " + seed + ": the model assumes no eviction");
            assertTrue(host.tenant(0).cpuMajorFaults() > 0, "seed " + seed + ": the host swapped the store's pages");
        } finally {
            HostsUnderTest.checkAndClose(host);
            HostsUnderTest.deleteTree(directory);
        }
    }

    /** Twelve short keys and four long ones (up to memcached's 250 bytes). */
    private static List<ByteString> keys(SplittableRandom random) {
        List<ByteString> keys = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            keys.add(ByteString.ofLatin1("k" + i));
        }
        for (int i = 0; i < 4; i++) {
            keys.add(ByteString.ofLatin1(i + "-" + "L".repeat(random.nextInt(40, 249))));
        }
        return keys;
    }

    private static Request randomRequest(SplittableRandom r, List<ByteString> keys, ReferenceMemcached model) {
        ByteString key = keys.get(r.nextInt(keys.size()));
        int flags = r.nextInt(4) == 0 ? r.nextInt() : r.nextInt(4);
        int exptime = EXPTIMES[r.nextInt(EXPTIMES.length)];
        boolean noreply = r.nextInt(12) == 0;
        int kind = r.nextInt(100);
        if (kind < 25) {
            List<ByteString> some = new ArrayList<>();
            for (int i = r.nextInt(1, 4); i > 0; i--) {
                some.add(keys.get(r.nextInt(keys.size())));
            }
            return new Request.Get(some, r.nextBoolean());
        } else if (kind < 45) {
            return new Request.Store(StoreMode.SET, key, flags, exptime, value(r), noreply);
        } else if (kind < 50) {
            return new Request.Store(StoreMode.ADD, key, flags, exptime, value(r), noreply);
        } else if (kind < 55) {
            return new Request.Store(StoreMode.REPLACE, key, flags, exptime, value(r), noreply);
        } else if (kind < 60) {
            StoreMode mode = r.nextBoolean() ? StoreMode.APPEND : StoreMode.PREPEND;
            return new Request.Store(mode, key, flags, exptime, bytes(r, r.nextInt(r.nextInt(10) == 0 ? 40_000 : 300)), noreply);
        } else if (kind < 66) {
            long cas = r.nextBoolean() ? model.casOf(key) : r.nextLong(1, 50);
            return new Request.CompareAndSwap(key, flags, exptime, cas, value(r), noreply);
        } else if (kind < 72) {
            return new Request.Delete(key, noreply);
        } else if (kind < 82) {
            long delta = r.nextInt(5) == 0 ? r.nextLong() : r.nextLong(100);
            return new Request.Arithmetic(r.nextBoolean(), key, delta, noreply);
        } else if (kind < 88) {
            return new Request.Touch(key, exptime, noreply);
        } else if (kind < 94) {
            return new Request.GetAndTouch(exptime, List.of(key), r.nextBoolean());
        } else if (kind < 96) {
            return new Request.FlushAll(r.nextInt(3) == 0 ? r.nextInt(1, 3) : 0, noreply);
        } else {
            return new Request.Verbosity(1, noreply);
        }
    }

    /** A value: often a number (for incr/decr), else random bytes of 0 to 4 KiB, sometimes larger. */
    private static ByteString value(SplittableRandom r) {
        int kind = r.nextInt(10);
        if (kind < 3) {
            String number = r.nextInt(4) == 0 ? Long.toUnsignedString(-1L - r.nextInt(3)) : Long.toString(r.nextInt(1000));
            return ByteString.ofLatin1(number);
        }
        int length = kind == 9 ? r.nextInt(4096, 70_000) : r.nextInt(4096);
        return bytes(r, length);
    }

    private static ByteString bytes(SplittableRandom r, int length) {
        byte[] b = new byte[length];
        r.nextBytes(b);
        return ByteString.copyOf(b);
    }

    private static String text(byte[] bytes) {
        String s = new String(bytes, 0, Math.min(bytes.length, 300), StandardCharsets.ISO_8859_1);
        return EngineUnderTest.printable(s) + (bytes.length > 300 ? "... (" + bytes.length + " bytes)" : "");
    }
}
