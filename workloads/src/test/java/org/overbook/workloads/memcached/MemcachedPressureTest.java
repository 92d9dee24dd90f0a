package org.overbook.workloads.memcached;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.overbook.guest.GuestMemory;
import org.overbook.hypervisor.Host;
import org.overbook.hypervisor.testing.HostsUnderTest;

/**
 * Memory pressure: the guest kernel's call (the balloon driver's way in) makes the engine free whole
 * slab pages to the guest allocator, dropping the coldest items first and moving the survivors of a
 * page it empties; every value left reads back intact, through the index and the LRU.
 */
class MemcachedPressureTest {

    private static final int PAGE = 64 << 10;
    private static final int VALUE = 1000;

    @RegisterExtension
    final HostsUnderTest hosts = new HostsUnderTest();

    private Host host;

    private EngineUnderTest engine() {
        host = hosts.create(/* frames= */ 96, /* swapPages= */ 1024, /* tenants= */ 1, /* guestPages= */ 512, /* seed= */ 21);
        return new EngineUnderTest(host, 0, EngineUnderTest.SMALL);
    }

    private static String value(int i) {
        String stamp = "<" + i + ">";
        return stamp.repeat(VALUE / stamp.length() + 1).substring(0, VALUE);
    }

    private static void fill(EngineUnderTest e, int items) {
        for (int i = 0; i < items; i++) {
            e.expect("set k" + i + " 0 0 " + VALUE + "\r\n" + value(i) + "\r\n", "STORED\r\n");
        }
    }

    private static boolean present(EngineUnderTest e, int i) {
        String reply = e.send("get k" + i + "\r\n");
        if (reply.equals("END\r\n")) {
            return false;
        }
        assertEquals("VALUE k" + i + " 0 " + VALUE + "\r\n" + value(i) + "\r\nEND\r\n", reply, "value of k" + i);
        return true;
    }

    @Test
    void givesBackWholePagesAtTheCostOfTheColdestItems() {
        EngineUnderTest e = engine();
        fill(e, 150);                                        // three pages of class 12 (55 a page)
        for (int i = 0; i < 10; i++) {
            assertTrue(present(e, i));                        // k0..k9 become the most recently used
        }
        GuestMemory memory = e.guest.memory();
        long freeBefore = memory.freeBytes();
        long released = e.engine.release(PAGE);
        assertEquals(PAGE, released);
        assertEquals(freeBefore + PAGE, memory.freeBytes());
        assertEquals(2L * PAGE, e.counter("total_malloced"));
        long dropped = e.counter("pressure_dropped_items");
        assertTrue(dropped > 0 && dropped < 55, "dropped " + dropped);
        assertEquals(150 - dropped, e.counter("curr_items"));
        assertTrue(e.counter("pressure_moved_items") > 0, "the emptied page's survivors moved");
        // The hot items survive; the dropped ones are exactly the coldest: k10, k11, ... in LRU order.
        for (int i = 0; i < 10; i++) {
            assertTrue(present(e, i), "hot k" + i);
        }
        for (int i = 10; i < 150; i++) {
            assertEquals(i >= 10 + dropped, present(e, i), "k" + i);
        }
        // Moved items are properly relinked: each can be deleted, and stored again.
        for (int i = 0; i < 150; i++) {
            String reply = e.send("delete k" + i + "\r\n");
            assertEquals(i < 10 || i >= 10 + dropped ? "DELETED\r\n" : "NOT_FOUND\r\n", reply, "delete k" + i);
        }
        assertEquals(0, e.counter("curr_items"));
        fill(e, 60);
        for (int i = 0; i < 60; i++) {
            assertTrue(present(e, i));
        }
    }

    @Test
    void theColdestItemsGoFirstAcrossClasses() {
        EngineUnderTest e = engine();
        for (int i = 0; i < 10; i++) {
            e.expect("set s" + i + " 0 0 1\r\n" + i + "\r\n", "STORED\r\n");   // class 1, the oldest
        }
        e.advance(1_000_000);
        fill(e, 110);                                                           // class 12, newer
        assertEquals(PAGE, e.engine.release(PAGE));
        assertEquals(10, e.counter("pressure_dropped_items"), "only the ten cold small items");
        for (int i = 0; i < 10; i++) {
            e.expect("get s" + i + "\r\n", "END\r\n");
        }
        for (int i = 0; i < 110; i++) {
            assertTrue(present(e, i), "k" + i);
        }
    }

    @Test
    void anEmptyPageGoesBackWithoutDroppingAnything() {
        EngineUnderTest e = engine();
        fill(e, 110);                                        // two full pages
        for (int i = 55; i < 110; i++) {
            e.expect("delete k" + i + "\r\n", "DELETED\r\n");
        }
        assertEquals(PAGE, e.engine.release(1));
        assertEquals(0, e.counter("pressure_dropped_items"));
        assertEquals(0, e.counter("pressure_moved_items"));
        for (int i = 0; i < 55; i++) {
            assertTrue(present(e, i));
        }
    }

    @Test
    void theGuestKernelsCallReachesTheEngine() {
        EngineUnderTest e = engine();
        fill(e, 110);
        e.expect("set small 0 0 1\r\nx\r\n", "STORED\r\n");  // a third page, in class 1
        long freeBefore = e.guest.memory().freeBytes();
        long released = host.tenant(0).relieveMemoryPressure(2L * PAGE);
        assertEquals(2L * PAGE, released);
        assertEquals(freeBefore + released, e.guest.memory().freeBytes());
        assertEquals(2L * PAGE, e.counter("pressure_released_bytes"));
    }

    @Test
    void releasingEverythingEmptiesTheCacheWhichThenGrowsAgain() {
        EngineUnderTest e = engine();
        fill(e, 120);
        e.expect("set small 0 0 1\r\nx\r\n", "STORED\r\n");
        assertEquals(4L * PAGE, e.engine.release(Long.MAX_VALUE));
        assertEquals(0, e.counter("curr_items"));
        assertEquals(0, e.counter("total_malloced"));
        assertEquals(0, e.counter("bytes"));
        fill(e, 5);
        for (int i = 0; i < 5; i++) {
            assertTrue(present(e, i));
        }
    }

    /** The coldest tail across the classes goes first even when it is in the larger class: here all 55 large items. */
    @Test
    void theColdestItemsGoFirstWhicheverClassHoldsThem() {
        EngineUnderTest e = engine();
        fill(e, 55);                                                            // class 12, one full page, the oldest
        e.advance(1_000_000);
        for (int i = 0; i < 10; i++) {
            e.expect("set s" + i + " 0 0 1\r\n" + i + "\r\n", "STORED\r\n");   // class 1, newer
        }
        assertEquals(PAGE, e.engine.release(PAGE));
        assertEquals(55, e.counter("pressure_dropped_items"), "a class's only page empties when its last item goes");
        for (int i = 0; i < 10; i++) {
            e.expect("get s" + i + "\r\n", "VALUE s" + i + " 0 1\r\n" + i + "\r\nEND\r\n");
        }
    }
}
