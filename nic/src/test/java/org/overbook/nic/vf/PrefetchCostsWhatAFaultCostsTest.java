package org.overbook.nic.vf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
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
 * A prefetch on the tenant's vCPU and a network page fault's job on a fault-service worker resolve the same
 * pages at the same price: the driver resolves both the same way (mlx5's {@code pagefault_mr}), so the model
 * prices both with one arithmetic. Two testbeds hold 16 pages (two readahead clusters) never touched, resident
 * or swapped; one prefetches them on the vCPU, the other books a fault-service job for them on an idle host;
 * the vCPU's clock must move exactly as long as the job takes. The prefetch is a system call into the driver,
 * never an IOMMU page request, so whatever the NIC's fault path (software or IOMMU) it must cost what a fault
 * through the software path costs. Every cost is set off its default (and the two paths' apart), so no two
 * terms can stand in for each other by chance. Were the prefetch to charge anything the fault service does not
 * (a minor fault per page populated, the IOMMU path's fault, say), or the other way round, this fails.
 */
class PrefetchCostsWhatAFaultCostsTest {

    static final int PAGES = 16;
    static final int PAGE = 4096;

    @ParameterizedTest(name = "{0} fault path, pages {1}")
    @CsvSource({"software, NEVER_TOUCHED", "software, RESIDENT", "software, SWAPPED",
            "iommu, NEVER_TOUCHED", "iommu, RESIDENT", "iommu, SWAPPED"})
    void aPrefetchTakesTheVcpuAsLongAsASoftwareFaultServiceJobTakesAWorker(String faultPath,
                                                                          PrefaultTimelineTest.Pages state)
            throws Exception {
        long prefetch = onTestbed(faultPath, state, (testbed, tenant, pages) -> {
            VirtualFunction vf = testbed.vf(tenant.name());
            long before = tenant.vcpu().now();
            vf.prefetch((long) pages[0] * PAGE, (long) PAGES * PAGE);
            assertEquals(PAGES, vf.counters().prefetchedPages(), "pages prefetched");
            return tenant.vcpu().now() - before;
        });
        long fault = onTestbed("software", state, (testbed, tenant, pages) -> {
            long start = testbed.simulation().now();
            return testbed.serverNic().faultService().serve(start, tenant.id(), pages, PAGES, new int[0], 0) - start;
        });
        assertTrue(fault > 0, "the fault-service job takes time");
        assertEquals(fault, prefetch, faultPath + ", pages " + state
                + ": the prefetch's time against a software-path fault's");
    }

    /** What one side does to the tenant's 16 pages; returns the time it took. */
    interface Resolution {
        long time(Testbed testbed, Tenant tenant, int[] pages);
    }

    /**
     * Builds a testbed whose server tenant holds 16 cluster-aligned pages in {@code state}, with every cost off its
     * default, runs {@code resolution} on them and returns what it returns.
     */
    static long onTestbed(String faultPath, PrefaultTimelineTest.Pages state, Resolution resolution)
            throws Exception {
        Path directory = Files.createTempDirectory("overbook-prefetch-cost-");
        HostConfig server = TestbedFixtures.host("s", 256, 64, new int[] {64}, directory.resolve("server"));
        HostResources defaults = server.resources();
        server = server.withResources(new HostResources(defaults.cpus(), defaults.cpuSliceNanos(),
                defaults.asyncPageFaults(), defaults.swapDevice(), /* swapInCpuNanos= */ 13_100,
                defaults.swapPathPagesPerSecond(), defaults.reclaimScanNanos(), defaults.reclaimEvictNanos(),
                defaults.reclaimMin(), defaults.pageCluster()));
        Testbed testbed = TestbedFixtures.create(server,
                TestbedFixtures.host("c", 256, 0, new int[] {16}, directory.resolve("client")), nic(faultPath),
                LinkConfig.fdr(), /* seed= */ 5);
        try {
            Tenant tenant = testbed.server().tenant(0);
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
            return resolution.time(testbed, tenant, pages);
        } finally {
            TestbedFixtures.checkAndClose(testbed);
            HostsUnderTest.deleteTree(directory);
        }
    }

    /** On demand, with every cost a fault or a prefetch may charge off its default and the two paths apart. */
    private static NicConfig nic(String faultPath) {
        NicConfig base = NicConfig.of("on-demand");
        NicCosts d = base.costs();
        NicCosts costs = new NicCosts(/* npfSoftwareNanos= */ 7_300, /* npfIommuNanos= */ 29_700, d.wqeNanos(),
                d.registerNanos(), /* pinPageNanos= */ 410, d.interruptNanos(), d.rtoNanos(), d.upcallNanos(),
                d.hostCopyPageNanos(), d.notifyBusyWaitNanos(), d.notifyHandlerNanos(), d.notifyBlockNanos());
        NicConfig.Receive r = base.receive();
        return new NicConfig(base.tlb(), new NicConfig.Pinning("on-demand", Map.of(), base.pinning().pinDownCacheBytes(),
                base.pinning().pinDownCacheRegions()), new NicConfig.Receive(r.transport(), r.policy(), faultPath,
                r.backupRingSlots(), r.systemBufferCredits(), r.prefetchWindowBytes()), base.pcie(), base.faultWorkers(), costs);
    }
}
