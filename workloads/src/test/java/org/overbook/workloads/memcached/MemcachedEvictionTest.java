package org.overbook.workloads.memcached;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.overbook.hypervisor.testing.HostsUnderTest;

/**
 * The memory limit: a full class evicts its least recently used item, counted; an expired tail is
 * reused before a live one is evicted; the item being replaced is never the victim; a class that can
 * get no page at all answers memcached's out-of-memory error; refused values corrupt nothing.
 */
class MemcachedEvictionTest {

    /** A 1,000-byte value makes a 1,060-byte item: slab class 12 (1,184-byte chunks), 55 to a 64 KiB page. */
    private static final int VALUE = 1000;
    private static final int PER_PAGE = 55;
    private static final long SECOND = 1_000_000_000L;

    @RegisterExtension
    final HostsUnderTest hosts = new HostsUnderTest();

    /** One 64 KiB slab page of limit: a class may take its first page, never a second. */
    private EngineUnderTest onePageCache() {
        return new EngineUnderTest(hosts.create(/* frames= */ 96, /* swapPages= */ 512, /* tenants= */ 1,
                /* guestPages= */ 256, /* seed= */ 3), 0, EngineUnderTest.SMALL.withMemoryLimit(64 << 10));
    }

    private static String value(int i) {
        String digits = "v" + i + "-";
        return digits.repeat(VALUE / digits.length() + 1).substring(0, VALUE);
    }

    private static void set(EngineUnderTest e, String key, String value) {
        e.expect("set " + key + " 0 0 " + value.length() + "\r\n" + value + "\r\n", "STORED\r\n");
    }

    private static String hit(String key, String value) {
        return "VALUE " + key + " 0 " + value.length() + "\r\n" + value + "\r\nEND\r\n";
    }

    @Test
    void evictsTheLeastRecentlyUsedFirstAndCountsIt() {
        EngineUnderTest e = onePageCache();
        for (int i = 0; i < PER_PAGE; i++) {
            set(e, "k" + i, value(i));
        }
        assertEquals(0, e.counter("evictions"));
        e.expect("get k0\r\n", hit("k0", value(0)));        // k0 becomes the most recently used
        for (int i = PER_PAGE; i < PER_PAGE + 6; i++) {
            set(e, "k" + i, value(i));                       // each evicts the tail: k1, k2, ... k6
        }
        assertEquals(6, e.counter("evictions"));
        assertEquals(PER_PAGE, e.counter("curr_items"));
        e.expect("get k0\r\n", hit("k0", value(0)));
        for (int i = 1; i <= 6; i++) {
            e.expect("get k" + i + "\r\n", "END\r\n");
        }
        for (int i = 7; i < PER_PAGE + 6; i++) {
            e.expect("get k" + i + "\r\n", hit("k" + i, value(i)));
        }
        // Another class still gets its first page, as memcached's do_slabs_newslab allows.
        e.expect("set small 0 0 1\r\nx\r\n", "STORED\r\n");
        assertEquals(6, e.counter("evictions"));
    }

    @Test
    void replacingTheTailEvictsTheNextOneInstead() {
        EngineUnderTest e = onePageCache();
        for (int i = 0; i < PER_PAGE; i++) {
            set(e, "k" + i, value(i));
        }
        set(e, "k0", value(100));                            // k0 is the tail, and the item replaced
        e.expect("get k0\r\n", hit("k0", value(100)));
        e.expect("get k1\r\n", "END\r\n");
        assertEquals(1, e.counter("evictions"));
    }

    @Test
    void anExpiredTailIsReclaimedBeforeAnythingIsEvicted() {
        EngineUnderTest e = onePageCache();
        e.expect("set k0 0 1 " + VALUE + "\r\n" + value(0) + "\r\n", "STORED\r\n");
        for (int i = 1; i < PER_PAGE; i++) {
            set(e, "k" + i, value(i));
        }
        e.advance(SECOND);
        set(e, "new", value(7));
        assertEquals(0, e.counter("evictions"));
        assertEquals(1, e.counter("reclaimed"));
        e.expect("get k1\r\n", hit("k1", value(1)));
    }

    @Test
    void aClassThatCanGetNoPageIsOutOfMemory() {
        // 32 guest pages: the hash table takes one, a 64 KiB slab page 16, so a second class finds no room.
        EngineUnderTest e = new EngineUnderTest(hosts.create(64, 64, 1, 32, 3), 0, EngineUnderTest.SMALL);
        set(e, "a", value(1));
        e.expect("set b 0 0 1\r\nx\r\n", "SERVER_ERROR out of memory storing object\r\n");
        e.expect("set b 0 0 1 noreply\r\nx\r\n", "");
        e.expect("get a b\r\n", hit("a", value(1)));
    }

    @Test
    void refusedValuesCorruptNothing() {
        EngineUnderTest e = new EngineUnderTest(hosts.create(64, 1024, 1, 512, 9), 0, EngineUnderTest.SMALL);
        SplittableRandom random = new SplittableRandom(9);
        String[] values = new String[40];
        for (int i = 0; i < values.length; i++) {
            char[] c = new char[random.nextInt(3, 3000)];
            for (int j = 0; j < c.length; j++) {
                c[j] = (char) random.nextInt(256);
            }
            values[i] = new String(c);
            set(e, "k" + i, values[i]);
        }
        String tooLarge = "z".repeat((64 << 10) + 1);
        String atLimit = "z".repeat(64 << 10);
        String nearLimit = "z".repeat((64 << 10) - 60); // fits alone with key k4; not with 3+ old bytes
        // The parser's limit, the slab limit, append past it, and a refused value in a pipelined message.
        e.expect("set k1 0 0 " + tooLarge.length() + "\r\n" + tooLarge + "\r\n", "SERVER_ERROR object too large for cache\r\n");
        e.expect("set k2 0 0 " + atLimit.length() + "\r\n" + atLimit + "\r\n", "SERVER_ERROR object too large for cache\r\n");
        e.expect("cas k3 0 0 " + atLimit.length() + " 4\r\n" + atLimit + "\r\n", "SERVER_ERROR object too large for cache\r\n");
        e.expect("append k4 0 0 " + nearLimit.length() + "\r\n" + nearLimit + "\r\n", "NOT_STORED\r\n");
        e.expect("get k5\r\nset k5 0 0 " + tooLarge.length() + "\r\n" + tooLarge + "\r\nget k5\r\n",
                hit("k5", values[5]) + "SERVER_ERROR object too large for cache\r\n" + hit("k5", values[5]));
        for (int i = 0; i < values.length; i++) {
            e.expect("get k" + i + "\r\n", hit("k" + i, values[i]));
        }
        assertEquals(values.length, e.counter("curr_items"));
        assertEquals(0, e.counter("evictions"));
    }

    /**
     * memcached's {@code do_item_update}: a read moves an item to the LRU head only if it got there longer ago than
     * the bump interval. k0 is stored first; 30 s later k1..k54; 31 s after that k1 (last moved 31 s ago) is read
     * and stays next to the tail, k0 (61 s ago) is read and moves to the head, so a new item evicts k1.
     */
    @Test
    void aReadWithinTheBumpIntervalLeavesTheItemInItsPlace() {
        EngineUnderTest e = new EngineUnderTest(hosts.create(96, 512, 1, 256, 3), 0,
                EngineUnderTest.SMALL.withMemoryLimit(64 << 10).withLruBumpInterval(60 * SECOND));
        set(e, "k0", value(0));
        e.advance(30 * SECOND);
        for (int i = 1; i < PER_PAGE; i++) {
            set(e, "k" + i, value(i));
        }
        e.advance(31 * SECOND);
        e.expect("get k1\r\n", hit("k1", value(1)));
        e.expect("get k0\r\n", hit("k0", value(0)));
        set(e, "new", value(99));
        assertEquals(1, e.counter("evictions"));
        e.expect("get k1\r\n", "END\r\n");
        e.expect("get k0\r\n", hit("k0", value(0)));
        e.expect("get k2\r\n", hit("k2", value(2)));
    }

    /** A failed add and a touch promote the item they find, as memcached's {@code do_store_item} and {@code item_touch} do. */
    @Test
    void aFailedAddAndATouchMoveTheItemToTheHead() {
        EngineUnderTest e = onePageCache();
        for (int i = 0; i < PER_PAGE; i++) {
            set(e, "k" + i, value(i));
        }
        e.expect("add k0 0 0 1\r\nx\r\n", "NOT_STORED\r\n");
        e.expect("touch k1 0\r\n", "TOUCHED\r\n");
        set(e, "new0", value(100));
        set(e, "new1", value(101));                         // evict k2 and k3, the tail after k0 and k1 moved
        e.expect("get k0 k1 k2 k3\r\n", "VALUE k0 0 " + VALUE + "\r\n" + value(0) + "\r\n"
                + "VALUE k1 0 " + VALUE + "\r\n" + value(1) + "\r\nEND\r\n");
    }

    /**
     * With no bump interval every read moves the item to the head, the second read of a key in one get too: after
     * {@code get k0 k1 k0} k0 is the head, so of the two only k1 goes once the 53 items behind them are evicted.
     */
    @Test
    void withNoBumpIntervalEveryReadMovesTheItemEvenWithinOneGet() {
        EngineUnderTest e = onePageCache();
        for (int i = 0; i < PER_PAGE; i++) {
            set(e, "k" + i, value(i));
        }
        e.send("get k0 k1 k0\r\n");
        for (int i = 0; i < PER_PAGE - 1; i++) {
            set(e, "new" + i, value(100 + i));              // evicts k2..k54, then the older of k1 and k0
        }
        e.expect("get k0 k1\r\n", hit("k0", value(0)));
    }
}
