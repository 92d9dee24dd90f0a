package org.overbook.nic.vf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A prefetch on the tenant's vCPU and a network page fault's job on a fault-service worker resolve the same
 * pages at the same price: the driver resolves both the same way (mlx5's {@code pagefault_mr}), so the model
 * prices both with one arithmetic. Two identical testbeds hold 16 pages (two readahead clusters) never
 * touched, resident or swapped ({@link SixteenPages}); one prefetches them on the vCPU, the other books a
 * fault-service job for them on an idle host; the vCPU's clock must move exactly as long as the job takes. The
 * prefetch is a system call into the driver, never an IOMMU page request, so whatever the NIC's fault path
 * (software or IOMMU) it must cost what a fault through the software path costs. Every cost is set off its default
 * (and the two paths' apart), so no two terms can stand in for each other by chance. Were the prefetch to charge
 * anything the fault service does not (a minor fault per page populated, the IOMMU path's fault, say), or the other
 * way round, this fails.
 */
class PrefetchCostsWhatAFaultCostsTest {

    @ParameterizedTest(name = "{0} fault path, pages {1}")
    @CsvSource({"software, NEVER_TOUCHED", "software, RESIDENT", "software, SWAPPED",
            "iommu, NEVER_TOUCHED", "iommu, RESIDENT", "iommu, SWAPPED"})
    void aPrefetchTakesTheVcpuAsLongAsASoftwareFaultServiceJobTakesAWorker(String faultPath,
                                                                          PrefaultTimelineTest.Pages state)
            throws Exception {
        long prefetch = SixteenPages.onTestbed(faultPath, state, (testbed, tenant, pages) -> {
            VirtualFunction vf = testbed.vf(tenant.name());
            long before = tenant.vcpu().now();
            vf.prefetch((long) pages[0] * SixteenPages.PAGE, (long) SixteenPages.PAGES * SixteenPages.PAGE);
            assertEquals(SixteenPages.PAGES, vf.counters().prefetchedPages(), "pages prefetched");
            return tenant.vcpu().now() - before;
        });
        long fault = SixteenPages.onTestbed("software", state, (testbed, tenant, pages) -> {
            long start = testbed.simulation().now();
            return testbed.serverNic().faultService().serve(start, tenant.id(), pages, SixteenPages.PAGES, new int[0], 0,
                    /* forWrite= */ true)
                    - start;
        });
        assertTrue(fault > 0, "the fault-service job takes time");
        assertEquals(fault, prefetch, faultPath + ", pages " + state
                + ": the prefetch's time against a software-path fault's");
    }
}
