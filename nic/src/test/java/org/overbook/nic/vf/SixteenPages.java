package org.overbook.nic.vf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;
import org.overbook.hypervisor.CostModel;
import org.overbook.hypervisor.HostConfig;
import org.overbook.hypervisor.HostResources;
import org.overbook.hypervisor.Tenant;
import org.overbook.hypervisor.memory.PageState;
import org.overbook.hypervisor.testing.HostsUnderTest;
import org.overbook.nic.LinkConfig;
import org.overbook.nic.NicConfig;
import org.overbook.nic.NicCosts;
import org.overbook.nic.Testbed;
import org.overbook.nic.contract.TestbedFixtures;

/**
 * A testbed whose server tenant holds 16 pages (two readahead clusters, cluster-aligned) never touched, resident
 * or swapped out, for the tests that time what resolving them costs: a pin, a prefetch, a fault-service job.
 * Every cost those may charge is set off its default and apart from the others, so no two terms can stand in
 * for each other by chance. The NIC runs {@code on-demand}, so nothing is mapped before the test asks.
 */
final class SixteenPages {

    static final int PAGES = 16;
    static final int PAGE = 4096;
    static final long MINOR_FAULT = 5_300;
    static final long POPULATE_PAGE = 617;
    static final long SWAP_IN_CPU = 13_100;
    static final long NPF_SOFTWARE = 7_300;
    static final long NPF_IOMMU = 29_700;
    static final long PIN_PAGE = 410;

    private SixteenPages() {
    }

    /** What a test does to the tenant's 16 pages; returns the time it took. */
    interface Resolution {
        long time(Testbed testbed, Tenant tenant, int[] pages);
    }

    /** Builds the testbed with the pages in {@code state}, runs {@code resolution} on them, checks and closes it. */
    static long onTestbed(String faultPath, PrefaultTimelineTest.Pages state, Resolution resolution) throws Exception {
        Path directory = Files.createTempDirectory("overbook-sixteen-pages-");
        HostConfig server = TestbedFixtures.host("s", 256, 64, new int[] {64}, directory.resolve("server"));
        HostResources d = server.resources();
        server = new HostConfig(server.memoryBytes(), server.swapBytes(), server.reclaimLow(), server.reclaimHigh(),
                server.directory(), server.keepSwap(), server.seed(),
                new CostModel(MINOR_FAULT, POPULATE_PAGE, server.costs().balloonPagesPerSecond()), server.tenants(),
                new HostResources(d.cpus(), d.cpuSliceNanos(), d.asyncPageFaults(), d.swapDevice(), SWAP_IN_CPU,
                        d.swapPathPagesPerSecond(), d.reclaimScanNanos(), d.reclaimEvictNanos(), d.reclaimMin(),
                        d.pageCluster()));
        Testbed testbed = TestbedFixtures.create(server,
                TestbedFixtures.host("c", 256, 0, new int[] {16}, directory.resolve("client")), nic(faultPath),
                LinkConfig.fdr(), /* seed= */ 5);
        try {
            Tenant tenant = testbed.server().tenant(0);
            int[] pages = place(testbed, tenant, state);
            return resolution.time(testbed, tenant, pages);
        } finally {
            TestbedFixtures.checkAndClose(testbed);
            HostsUnderTest.deleteTree(directory);
        }
    }

    /** Returns the time one read of a whole swapped cluster takes on the idle swap path and device. */
    static long clusterRead(Testbed testbed) {
        HostResources host = testbed.server().config().resources();
        int cluster = testbed.server().memory().readaheadCluster();
        return cluster * host.swapPathNanosPerPage() + (cluster - 1) * host.swapDevice().readServiceNanos()
                + host.swapDevice().readLatencyNanos();
    }

    /** Allocates the 16 pages cluster-aligned and brings them to {@code state}; returns their numbers. */
    private static int[] place(Testbed testbed, Tenant tenant, PrefaultTimelineTest.Pages state) {
        int cluster = testbed.server().memory().readaheadCluster();
        long bytes = (long) PAGES * PAGE;
        long clusterBytes = (long) cluster * PAGE;
        long buffer = (tenant.memory().allocate(bytes + clusterBytes) + clusterBytes - 1) / clusterBytes * clusterBytes;
        if (state != PrefaultTimelineTest.Pages.NEVER_TOUCHED) {
            byte[] content = new byte[(int) bytes];
            new SplittableRandom(3).nextBytes(content);
            tenant.memory().write(buffer, content, 0, content.length);
        }
        if (state == PrefaultTimelineTest.Pages.SWAPPED) {
            testbed.server().memory().swapOut(tenant.table(), tenant.table().residentPages());
            testbed.simulation().scheduleAt(testbed.simulation().now() + 10_000_000L, () -> { });
            testbed.simulation().run();
        }
        int[] pages = new int[PAGES];
        for (int i = 0; i < PAGES; i++) {
            pages[i] = (int) (buffer / PAGE) + i;
            assertEquals(state == PrefaultTimelineTest.Pages.SWAPPED, tenant.table().state(pages[i]) == PageState.SWAPPED,
                    "page " + pages[i] + " swapped");
            assertEquals(state == PrefaultTimelineTest.Pages.RESIDENT, tenant.table().frame(pages[i]) >= 0,
                    "page " + pages[i] + " resident");
        }
        return pages;
    }

    /** On demand, with the fault paths' and the per-page costs off their defaults and apart. */
    private static NicConfig nic(String faultPath) {
        NicConfig base = NicConfig.of("on-demand");
        NicCosts d = base.costs();
        NicCosts costs = new NicCosts(NPF_SOFTWARE, NPF_IOMMU, d.wqeNanos(), d.registerNanos(), PIN_PAGE,
                d.interruptNanos(), d.rtoNanos(), d.upcallNanos(), d.hostCopyPageNanos(), d.notifyBusyWaitNanos(),
                d.notifyHandlerNanos(), d.notifyBlockNanos());
        NicConfig.Receive r = base.receive();
        return new NicConfig(base.tlb(), new NicConfig.Pinning("on-demand", Map.of(), base.pinning().pinDownCacheBytes(),
                base.pinning().pinDownCacheRegions()), new NicConfig.Receive(r.transport(), r.policy(), faultPath,
                r.backupRingSlots(), r.systemBufferCredits(), r.prefetchWindowBytes()), base.pcie(), base.faultWorkers(), costs);
    }
}
