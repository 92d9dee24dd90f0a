package org.overbook.workloads.memcached;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.WorkloadParameters;
import org.overbook.guest.GuestMemory;
import org.overbook.hypervisor.Host;
import org.overbook.hypervisor.guest.TenantMemory;
import org.overbook.hypervisor.testing.HostsUnderTest;
import org.overbook.workloads.memcached.MemcachedEngine.Outcome;
import org.overbook.workloads.memcached.protocol.ByteString;
import org.overbook.workloads.memcached.protocol.MessageBuffer;
import org.overbook.workloads.memcached.protocol.Request;
import org.overbook.workloads.memcached.protocol.StoreMode;

/** The engine's face: outcomes, charges, the hash table growing in guest memory, settings, statistics. */
class MemcachedEngineTest {

    @RegisterExtension
    final HostsUnderTest hosts = new HostsUnderTest();

    private EngineUnderTest engine(MemcachedSettings settings) {
        return new EngineUnderTest(hosts.create(/* frames= */ 128, /* swapPages= */ 1024, /* tenants= */ 1,
                /* guestPages= */ 512, /* seed= */ 5), 0, settings);
    }

    @Test
    void quitClosesAndIgnoresTheRestOfTheMessage() {
        EngineUnderTest e = engine(EngineUnderTest.SMALL);
        byte[] message = "set a 0 0 1\r\nx\r\nquit\r\nset b 0 0 1\r\ny\r\n".getBytes(StandardCharsets.US_ASCII);
        MessageBuffer reply = new MessageBuffer(16);
        assertEquals(Outcome.CLOSE, e.engine.execute(message, 0, message.length, reply));
        assertEquals("STORED\r\n", new String(reply.toByteArray(), StandardCharsets.US_ASCII));
        e.expect("get a b\r\n", "VALUE a 0 1\r\nx\r\nEND\r\n");
        reply.clear();
        assertEquals(Outcome.KEEP_OPEN, e.engine.execute(message, 0, 16, reply), "a message without quit");
    }

    @Test
    void aParsedRequestRunsToo() {
        EngineUnderTest e = engine(EngineUnderTest.SMALL);
        MessageBuffer reply = new MessageBuffer(16);
        ByteString key = ByteString.ofLatin1("k");
        e.engine.execute(new Request.Store(StoreMode.SET, key, 7, 0, ByteString.ofLatin1("v"), false), reply);
        e.engine.execute(new Request.Get(List.of(key), false), reply);
        assertEquals(Outcome.CLOSE, e.engine.execute(new Request.Quit(), reply));
        assertEquals("STORED\r\nVALUE k 7 1\r\nv\r\nEND\r\n", new String(reply.toByteArray(), StandardCharsets.US_ASCII));
    }

    @Test
    void eachRequestChargesItsCostToTheVcpu() {
        EngineUnderTest e = engine(EngineUnderTest.SMALL);
        e.send("version\r\n");                                // warm: the hash page is in
        long before = e.guest.now();
        e.send("version\r\nversion\r\n");
        assertEquals(2 * (MemcachedSettings.DEFAULT_REQUEST_NANOS + 33 * MemcachedSettings.DEFAULT_COPY_NANOS_PER_KIB / 1024),
                e.guest.now() - before, "two requests of 9 bytes in, 24 out, no page fault");
        String value = "x".repeat(10 << 10);
        e.send("set big 0 0 " + value.length() + "\r\n" + value + "\r\n");
        before = e.guest.now();
        e.send("get big\r\n");
        long copy = (9 + 19 + value.length() + 7) * MemcachedSettings.DEFAULT_COPY_NANOS_PER_KIB / 1024;
        assertEquals(MemcachedSettings.DEFAULT_REQUEST_NANOS + copy, e.guest.now() - before);
    }

    @Test
    void theHashTableGrowsInGuestMemoryAndKeepsEveryItem() {
        EngineUnderTest e = engine(EngineUnderTest.SMALL.withHashPower(1));
        for (int i = 0; i < 200; i++) {
            e.expect("set key-" + i + " " + i + " 0 2\r\n" + (char) ('a' + i % 26) + "!\r\n", "STORED\r\n");
        }
        assertEquals(8, e.counter("hash_power_level"), "200 items > 1.5 x 128 buckets, so 256");
        assertEquals(256 * 8, e.counter("hash_bytes"));
        for (int i = 0; i < 200; i++) {
            e.expect("get key-" + i + "\r\n", "VALUE key-" + i + " " + i + " 2\r\n" + (char) ('a' + i % 26) + "!\r\nEND\r\n");
        }
        for (int i = 0; i < 200; i += 2) {
            e.expect("delete key-" + i + "\r\n", "DELETED\r\n");
        }
        assertEquals(100, e.counter("curr_items"));
    }

    @Test
    void statsReportsTheStore() {
        EngineUnderTest e = engine(EngineUnderTest.SMALL);
        e.send("set a 0 0 3\r\nabc\r\nget a b\r\n");
        String stats = e.send("stats\r\n");
        assertTrue(stats.startsWith("STAT uptime 0\r\nSTAT time 0\r\nSTAT version 1.6.0-overbook\r\n"), stats);
        assertTrue(stats.endsWith("END\r\n"), stats);
        for (String line : List.of("curr_connections 1", "curr_items 1", "total_items 1", "get_hits 1", "get_misses 1",
                "cmd_get 2", "cmd_set 1", "evictions 0", "limit_maxbytes 1048576", "bytes 60", "hash_power_level 4")) {
            assertTrue(stats.contains("\r\nSTAT " + line + "\r\n"), line + " in\n" + stats);
        }
        e.advance(3_000_000_000L);
        assertTrue(e.send("stats\r\n").startsWith("STAT uptime 3\r\nSTAT time 3\r\n"));
    }

    @Test
    void settingsComeFromWorkloadParametersWithTheirFieldNamed() {
        MemcachedSettings s = MemcachedSettings.from(new WorkloadParameters("w", Map.of(
                "memory-limit", "16MiB", "item-size-max", "512KiB", "growth-factor", 1.5, "hash-power", 12,
                "lru-bump-interval", "0s", "request-cost", "2us")));
        assertEquals(16 << 20, s.memoryLimit());
        assertEquals(512 << 10, s.itemSizeMax());
        assertEquals(1.5, s.growthFactor());
        assertEquals(12, s.hashPower());
        assertEquals(0, s.lruBumpIntervalNanos());
        assertEquals(2_000, s.requestNanos());
        assertEquals(MemcachedSettings.defaults(), MemcachedSettings.from(WorkloadParameters.empty("w")));
        ConfigurationException e = assertThrows(ConfigurationException.class, () -> MemcachedSettings.from(
                new WorkloadParameters("tenants[0].workload", Map.of("growth-factor", 1.0))));
        assertEquals("tenants[0].workload.growth-factor", e.field());
        e = assertThrows(ConfigurationException.class, () -> MemcachedSettings.from(
                new WorkloadParameters("w", Map.of("item-size-max", "8KiB", "chunk-size-min", "16KiB"))));
        assertEquals("w.chunk-size-min", e.field());
    }

    @Test
    void twoEnginesInTwoTenantsKeepTheirItemsApart() {
        Host host = hosts.create(128, 1024, 2, 256, 5);
        EngineUnderTest a = new EngineUnderTest(host, 0, EngineUnderTest.SMALL);
        EngineUnderTest b = new EngineUnderTest(host, 1, EngineUnderTest.SMALL);
        a.expect("set k 0 0 1\r\nA\r\n", "STORED\r\n");
        b.expect("set k 0 0 1\r\nB\r\n", "STORED\r\n");
        a.expect("get k\r\n", "VALUE k 0 1\r\nA\r\nEND\r\n");
        b.expect("get k\r\n", "VALUE k 0 1\r\nB\r\nEND\r\n");
    }

    /**
     * Two buckets hold up to 3 items (1.5 a bucket): the table doubles before the 5th is linked, moving 4 items, and
     * that set is charged 4 x {@value HashIndex#REHASH_NANOS_PER_ITEM} ns beyond its request, copy and fault costs;
     * the old table goes back to the guest allocator (both tables fit in one page, so no free page is lost).
     */
    @Test
    void theTableDoublingChargesTheItemsItMovesAndFreesTheOldTable() {
        EngineUnderTest e = engine(EngineUnderTest.SMALL.withHashPower(1));
        TenantMemory memory = (TenantMemory) e.guest.memory();
        for (int i = 1; i <= 5; i++) {
            String request = "set k" + i + " 0 0 1\r\nx\r\n";
            long before = e.guest.now();
            long stalls = memory.faultStallNanos();
            long free = memory.freeBytes();
            e.expect(request, "STORED\r\n");
            long copy = (request.length() + "STORED\r\n".length()) * MemcachedSettings.DEFAULT_COPY_NANOS_PER_KIB / 1024;
            long beyond = e.guest.now() - before - (memory.faultStallNanos() - stalls) - MemcachedSettings.DEFAULT_REQUEST_NANOS - copy;
            assertEquals(i == 5 ? 4 * HashIndex.REHASH_NANOS_PER_ITEM : 0, beyond, "set " + i);
            assertEquals(i == 5 ? 2 : 1, e.counter("hash_power_level"), "set " + i);
            if (i > 1) {
                assertEquals(free, memory.freeBytes(), "set " + i + " (the first took a slab page)");
            }
        }
    }

    @Test
    void deletedItemsLeaveTheTablesCount() {
        EngineUnderTest e = engine(EngineUnderTest.SMALL);    // 16 buckets: up to 24 items
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < 24; i++) {
                e.expect("set k" + i + " 0 0 1\r\nx\r\n", "STORED\r\n");
            }
            for (int i = 0; i < 24; i++) {
                e.expect("delete k" + i + "\r\n", "DELETED\r\n");
            }
        }
        e.expect("set k 0 0 1\r\nx\r\n", "STORED\r\n");
        assertEquals(4, e.counter("hash_power_level"), "never more than 24 items at once");
    }

    /**
     * A table that cannot double (no free guest page for it) stays as it is and tries again only once the item
     * count has doubled: 4 items when it failed, so not at 5, 6 or 7 even with a page free again, but at 8.
     */
    @Test
    void aTableThatCouldNotDoubleTriesAgainWhenTheItemsHaveDoubled() {
        EngineUnderTest e = new EngineUnderTest(hosts.create(128, 1024, 1, 64, 5), 0, EngineUnderTest.SMALL.withHashPower(1));
        GuestMemory memory = e.guest.memory();
        e.expect("set k1 0 0 1\r\nx\r\n", "STORED\r\n");  // the slab page
        long rest = memory.freeBytes();
        long taken = memory.allocate(rest);
        for (int i = 2; i <= 9; i++) {
            if (i == 6) {
                memory.free(taken, rest);
            }
            e.expect("set k" + i + " 0 0 1\r\nx\r\n", "STORED\r\n");
            assertEquals(i < 9 ? 1 : 2, e.counter("hash_power_level"), "after set " + i);
        }
        for (int i = 1; i <= 9; i++) {
            e.expect("get k" + i + "\r\n", "VALUE k" + i + " 0 1\r\nx\r\nEND\r\n");
        }
    }

    /** An incr or decr rewritten in place counts its new length in {@code bytes}: 56 + 1 + 2, then 56 + 1 + 1. */
    @Test
    void anArithmeticRewriteInPlaceCountsItsNewLength() {
        EngineUnderTest e = engine(EngineUnderTest.SMALL);
        e.expect("set n 0 0 2\r\n10\r\n", "STORED\r\n");
        assertEquals(59, e.counter("bytes"));
        e.expect("decr n 1\r\n", "9\r\n");
        assertEquals(58, e.counter("bytes"));
        e.expect("incr n 1\r\n", "10\r\n");              // longer: a new item in place of the old
        assertEquals(59, e.counter("bytes"));
        e.expect("delete n\r\n", "DELETED\r\n");
        assertEquals(0, e.counter("bytes"));
    }
}
