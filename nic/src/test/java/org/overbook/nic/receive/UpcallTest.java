package org.overbook.nic.receive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.overbook.guest.verbs.Access;
import org.overbook.guest.verbs.MemoryRegion;
import org.overbook.guest.verbs.Verbs;
import org.overbook.hypervisor.testing.HostsUnderTest;
import org.overbook.nic.LinkConfig;
import org.overbook.nic.NicConfig;
import org.overbook.nic.Testbed;
import org.overbook.nic.contract.TestbedFixtures;
import org.overbook.nic.dma.Translator;
import org.overbook.nic.vf.VirtualFunction;

/** CLUSTER 2005's extended registration: TLB replacements reach the region's listener, in order, after the upcall latency. */
class UpcallTest {

    private Path directory;
    private Testbed testbed;

    @BeforeEach
    void build() throws Exception {
        directory = Files.createTempDirectory("overbook-upcall-");
        testbed = TestbedFixtures.create(
                TestbedFixtures.host("s", 512, 512, new int[] {256}, directory.resolve("server")),
                TestbedFixtures.host("c", 256, 0, new int[] {16}, directory.resolve("client")),
                NicConfig.of("on-demand").withTlb(1, 8, "lru", "shared", 8), LinkConfig.fdr(), 9);
    }

    @AfterEach
    void close() {
        TestbedFixtures.checkAndClose(testbed);
        HostsUnderTest.deleteTree(directory);
    }

    private record Upcall(long time, long address) {
    }

    @Test
    void replacementsReachTheListenerInOrderAfterTheUpcallLatency() {
        VirtualFunction vf = testbed.serverNic().vf(0);
        Verbs verbs = testbed.server().tenant(0).guest().verbs();
        List<Upcall> upcalls = new ArrayList<>();
        MemoryRegion watched = verbs.register(0, 64L * 4096, Access.LOCAL_WRITE,
                (region, address) -> upcalls.add(new Upcall(testbed.simulation().now(), address)));
        verbs.register(64L * 4096, 64L * 4096, Access.LOCAL_WRITE); // no listener
        Translator translator = vf.translator();
        long upcallNanos = testbed.serverNic().config().costs().upcallNanos();

        // One set of 8 ways: fill it with pages 0..7 of the watched region, then translate 8 more
        // pages: each insert replaces one watched entry, in LRU order 0, 1, 2, ...
        List<Long> replacedAt = new ArrayList<>();
        for (int page = 0; page < 16; page++) {
            translator.resolve(page, org.overbook.nic.VfCounters.Side.RECEIVE, /* forWrite= */ true);
            testbed.simulation().runUntil(testbed.simulation().now() + 1_000);
            if (page >= 8) {
                replacedAt.add(testbed.simulation().now());
            }
            translator.translate(page);
        }
        // Pages of the unwatched region replace watched entries too; they are told as well.
        for (int page = 64; page < 72; page++) {
            translator.resolve(page, org.overbook.nic.VfCounters.Side.RECEIVE, /* forWrite= */ true);
            testbed.simulation().runUntil(testbed.simulation().now() + 1_000);
            replacedAt.add(testbed.simulation().now());
            translator.translate(page);
        }
        testbed.simulation().run();

        assertEquals(16, upcalls.size(), "one upcall per replaced watched entry; none for the unwatched region");
        for (int i = 0; i < upcalls.size(); i++) {
            assertEquals(i * 4096L, upcalls.get(i).address(), "replacement order");
            assertEquals(replacedAt.get(i) + upcallNanos, upcalls.get(i).time(), "upcall latency of replacement " + i);
        }
        assertEquals(16, vf.counters().upcalls());
        assertTrue(watched.length() > 0);
    }

    @Test
    void anUpcallOnItsWayWhenItsRegionIsDeregisteredIsDropped() {
        VirtualFunction vf = testbed.serverNic().vf(0);
        Verbs verbs = testbed.server().tenant(0).guest().verbs();
        List<Long> told = new ArrayList<>();
        MemoryRegion watched = verbs.register(0, 16L * 4096, Access.LOCAL_WRITE, (region, address) -> {
            told.add(address);
            verbs.advise(region, address, 4096); // a listener acts on its region, which must still be registered
        });
        Translator translator = vf.translator();
        for (int page = 0; page < 9; page++) { // the ninth page replaces the watched page 0 in the one set of 8 ways
            translator.resolve(page, org.overbook.nic.VfCounters.Side.RECEIVE, /* forWrite= */ true);
            testbed.simulation().runUntil(testbed.simulation().now() + 1_000);
            translator.translate(page);
        }
        assertEquals(1, vf.counters().upcalls(), "the replacement was counted");
        verbs.deregister(watched); // before the upcall latency has passed
        testbed.simulation().run();
        assertEquals(List.of(), told, "the listener is not called for a region it no longer has");
    }
}
