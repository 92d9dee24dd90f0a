package org.overbook.nic.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.guest.verbs.Access;
import org.overbook.guest.verbs.MemoryRegion;
import org.overbook.guest.verbs.VerbsException;
import org.overbook.nic.LinkConfig;
import org.overbook.nic.NicConfig;
import org.overbook.nic.Testbed;
import org.overbook.nic.vf.VirtualFunction;

/** A tenant's registrations through a bounded pin-down cache, straight on its VF. */
class RegistrationCacheTest {

    @TempDir
    Path directory;

    @Test
    void aRegionLongerThanTheCacheIsNotCachedAndItsDeregistrationUnpinsIt() {
        Testbed testbed = cachedTestbed();
        try {
            VirtualFunction vf = testbed.serverNic().vf(0);
            MemoryRegion large = vf.register(0, 32 * 4096, Access.LOCAL_WRITE);
            assertEquals(32, vf.tenant().table().pinnedPages(), "pinned while registered");
            vf.deregister(large);
            assertEquals(0, vf.tenant().table().pinnedPages(), "not cached, so deregistered for real");
            MemoryRegion small = vf.register(0, 4 * 4096, Access.LOCAL_WRITE);
            vf.deregister(small);
            assertEquals(4, vf.tenant().table().pinnedPages(), "a region the cache holds stays pinned");
            assertEquals(small, vf.register(0, 4 * 4096, Access.LOCAL_WRITE), "and hits");
        } finally {
            TestbedFixtures.checkAndClose(testbed);
        }
    }

    /** A server VF under {@code pin-down-cache} bounded at 16 pages and 8 regions. */
    private Testbed cachedTestbed() {
        return TestbedFixtures.create(TestbedFixtures.host("s", 256, 256, new int[] {128}, directory.resolve("s")),
                TestbedFixtures.host("c", 256, 0, new int[] {16}, directory.resolve("c")),
                NicConfig.of("pin-down-cache").withPinDownCache(/* bytes= */ 16 * 4096, /* regions= */ 8), LinkConfig.fdr(), 1);
    }

    @Test
    void aCachedRegionWithoutTheAccessAskedForIsReplacedByOneWithBoth() {
        Testbed testbed = cachedTestbed();
        try {
            VirtualFunction vf = testbed.serverNic().vf(0);
            MemoryRegion local = vf.register(0, 4 * 4096, Access.LOCAL_WRITE);
            vf.deregister(local); // cached, no one holds it
            MemoryRegion remote = vf.register(0, 4 * 4096, Access.REMOTE_WRITE);
            assertNotEquals(local, remote, "a region without REMOTE_WRITE is no hit for a registration that asks for it");
            assertEquals(Access.LOCAL_WRITE | Access.REMOTE_WRITE, remote.access(), "the new region has both accesses");
            assertEquals(1, vf.pinDownCache().regions(), "the narrower region left the cache");
            assertEquals(4, vf.tenant().table().pinnedPages(), "and, held by no one, was deregistered: its pages pinned once");
            vf.deregister(remote);
            assertEquals(remote, vf.register(0, 4 * 4096, Access.LOCAL_WRITE), "either kind of caller now hits the merged region");
            assertEquals(remote, vf.register(0, 2 * 4096, Access.REMOTE_WRITE), "a covered range too");
            assertEquals(2, vf.counters().registrationCacheMisses(), "the first registration, and the one that withdrew");
            assertEquals(2, vf.counters().registrationCacheHits());
            assertEquals(2, vf.pinDownCache().misses(), "the cache counts each registration once, as the VF does");
            assertEquals(2, vf.pinDownCache().hits(), "the region withdrawn on the way is no hit");
        } finally {
            TestbedFixtures.checkAndClose(testbed);
        }
    }

    @Test
    void aHeldRegionWithoutTheAccessAskedForIsDeregisteredAtItsLastRelease() {
        Testbed testbed = cachedTestbed();
        try {
            VirtualFunction vf = testbed.serverNic().vf(0);
            MemoryRegion local = vf.register(0, 4 * 4096, Access.LOCAL_WRITE);
            assertEquals(local, vf.register(0, 4 * 4096, Access.LOCAL_WRITE), "held twice");
            MemoryRegion remote = vf.register(0, 4 * 4096, Access.REMOTE_WRITE);
            assertNotEquals(local, remote);
            vf.advise(local, 0, 4096); // its user still holds the narrower region: it stays registered
            vf.deregister(local);
            vf.advise(local, 0, 4096); // one hold left
            vf.deregister(local);
            assertThrows(VerbsException.class, () -> vf.advise(local, 0, 4096),
                    "its last hold released: deregistered for real, not cached");
            assertThrows(VerbsException.class, () -> vf.deregister(local), "so a third release is a misuse");
            assertEquals(1, vf.pinDownCache().regions());
            vf.deregister(remote);
            assertEquals(4, vf.tenant().table().pinnedPages(), "the merged region stays cached, pinned");
        } finally {
            TestbedFixtures.checkAndClose(testbed);
        }
    }

    /**
     * A deregistered region stays pinned in the cache but no longer held, so it counts against the bound: with 16
     * pages of cache, A (8 pages) deregistered and then B (12) leave 20 pages released, and A, the least recently
     * used, is unpinned for real; B stays cached.
     */
    @Test
    void aDeregisteredRegionCountsAgainstTheBoundAndIsEvictedFirst() {
        Testbed testbed = cachedTestbed();
        try {
            VirtualFunction vf = testbed.serverNic().vf(0);
            MemoryRegion a = vf.register(0, 8 * 4096, Access.LOCAL_WRITE);
            vf.deregister(a);
            MemoryRegion b = vf.register(64 * 4096, 12 * 4096, Access.LOCAL_WRITE);
            assertEquals(20, vf.tenant().table().pinnedPages(), "A released but cached, B held: 8 of 16 pages released");
            vf.deregister(b);
            assertEquals(12, vf.tenant().table().pinnedPages(), "20 pages released: A evicted and unpinned");
            assertEquals(b, vf.register(64 * 4096, 12 * 4096, Access.LOCAL_WRITE), "B hits");
        } finally {
            TestbedFixtures.checkAndClose(testbed);
        }
    }
}
