package org.overbook.nic.vf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.overbook.hypervisor.HostResources;
import org.overbook.hypervisor.resource.ResourceStats;
import org.overbook.nic.NicCosts;
import org.overbook.nic.Testbed;

/**
 * Resolving swapped pages for the NIC as the kernel's handler does, against hand-computed timelines: 16 swapped
 * pages, two aligned readahead clusters of 8, on an idle host ({@link SixteenPages}' testbed: npf-software 7,300 ns,
 * npf-iommu 29,700 ns, pin-page 410 ns, populate-page 617 ns, swap-in CPU 13,100 ns, the rest at their defaults).
 *
 * <p>{@code hmm_range_fault} faults the pages in address order, one {@code handle_mm_fault} after the other. The
 * first page of each cluster takes the swap-in path ({@code do_swap_page}, {@code swapin_readahead}: one read of the
 * cluster) and waits for its read ({@code folio_lock_or_retry} without retry); the cluster's 7 other pages are in
 * the swap cache then and cost only their per-page work. So, from the start:
 * <pre>
 *   the call and the per-page work     npf + 15 · pin-page                         7,300 + 6,150 =  13,450
 *   cluster 1: the swap-in path's CPU  swap-in-cpu                                                 13,100
 *              its read               8 · swap-path + 7 · read-service + read-latency
 *                                     8 · 1,539 + 7 · 2,041 + 85,000                              111,599
 *   cluster 2: the same, issued when cluster 1's read is in                          13,100 + 111,599
 *                                                                                       total     262,848
 * </pre>
 * (swap-path = ceil(10^9 / 650,000), read-service = ceil(10^9 / 490,000): the swap path's host-wide ceiling and the
 * NVMe device's bottleneck per page.) Before, the model charged the swap-in path's CPU for each of the 16 pages
 * (209,600 ns) and issued both reads at once.
 *
 * <p>A prefetch ({@code ibv_advise_mr}) is a system call into the driver: under {@code nic.fault-path: iommu} it takes
 * no IOMMU page request, so it pays the software path's call, npf-software (7,300 ns), not npf-iommu (29,700 ns).
 */
class SwapClusterTimelineTest {

    private static final long EXPECTED_TWO_CLUSTERS = 262_848;

    @Test
    void aFaultOverTwoSwappedClustersPaysTheSwapPathOncePerClusterAndReadsTheClustersInTurn() throws Exception {
        long[] reads = new long[1];
        long took = SixteenPages.onTestbed("software", PrefaultTimelineTest.Pages.SWAPPED,
                (testbed, tenant, pages) -> {
                    ResourceStats deviceReads = testbed.server().memory().io().device().readStats();
                    long readsBefore = deviceReads.requests();
                    long start = testbed.simulation().now();
                    long resumed = testbed.serverNic().faultService().serve(start, tenant.id(), pages,
                            SixteenPages.PAGES, new int[0], 0, /* forWrite= */ true);
                    reads[0] = deviceReads.requests() - readsBefore;
                    assertEquals(twoClusters(testbed, npfSoftware(testbed)), resumed - start, "the job, by the formula");
                    return resumed - start;
                });
        assertEquals(EXPECTED_TWO_CLUSTERS, took, "the fault-service job's time, by hand");
        assertEquals(2, reads[0], "one read per cluster");
    }

    @Test
    void aPrefetchOverTwoSwappedClustersTakesTheVcpuThroughTheSameTimeline() throws Exception {
        long[] majorFaults = new long[1];
        long took = SixteenPages.onTestbed("software", PrefaultTimelineTest.Pages.SWAPPED,
                (testbed, tenant, pages) -> {
                    long faultsBefore = tenant.table().majorFaults();
                    long before = tenant.vcpu().now();
                    prefetchAll(testbed, tenant.name(), pages);
                    majorFaults[0] = tenant.table().majorFaults() - faultsBefore;
                    assertEquals(twoClusters(testbed, npfSoftware(testbed)), tenant.vcpu().now() - before,
                            "the prefetch, by the formula");
                    return tenant.vcpu().now() - before;
                });
        assertEquals(EXPECTED_TWO_CLUSTERS, took, "the vCPU's time, by hand");
        assertEquals(2, majorFaults[0], "a major fault per cluster; the other 14 pages come from the swap cache");
    }

    /**
     * Under the IOMMU path a prefetch pays the software path's call: resident, 7,300 + 15 · 410 = 13,450 ns (the
     * IOMMU path's fault would make it 35,850); never touched, the same and each page's population (the prefetch is
     * for writing), 13,450 + 16 · 617 = 23,322 ns; swapped, the timeline above, 262,848 ns.
     */
    @ParameterizedTest(name = "pages {0}")
    @EnumSource(PrefaultTimelineTest.Pages.class)
    void aPrefetchUnderTheIommuPathPaysTheSoftwareCallNotAnIommuFault(PrefaultTimelineTest.Pages state)
            throws Exception {
        long took = SixteenPages.onTestbed("iommu", state, (testbed, tenant, pages) -> {
            long before = tenant.vcpu().now();
            prefetchAll(testbed, tenant.name(), pages);
            long populations = state == PrefaultTimelineTest.Pages.NEVER_TOUCHED
                    ? 16 * testbed.server().config().costs().populatePageNanos() : 0;
            long expected = state == PrefaultTimelineTest.Pages.SWAPPED ? twoClusters(testbed, npfSoftware(testbed))
                    : npfSoftware(testbed) + 15 * costs(testbed).pinPageNanos() + populations;
            assertEquals(expected, tenant.vcpu().now() - before, "the prefetch, by the formula");
            return tenant.vcpu().now() - before;
        });
        assertEquals(switch (state) {
            case SWAPPED -> EXPECTED_TWO_CLUSTERS;
            case NEVER_TOUCHED -> 23_322;
            case RESIDENT -> 13_450;
        }, took,
                "pages " + state + ": the vCPU's time, by hand");
    }

    private static void prefetchAll(Testbed testbed, String tenant, int[] pages) {
        VirtualFunction vf = testbed.vf(tenant);
        vf.prefetch((long) pages[0] * SixteenPages.PAGE,
                (long) SixteenPages.PAGES * SixteenPages.PAGE);
        assertEquals(SixteenPages.PAGES, vf.counters().prefetchedPages(), "pages prefetched");
    }

    /** The class comment's timeline: the call and 15 pages' work, then each cluster's swap-in path and read in turn. */
    private static long twoClusters(Testbed testbed, long call) {
        HostResources host = testbed.server().config().resources();
        long read = 8 * host.swapPathNanosPerPage() + 7 * host.swapDevice().readServiceNanos()
                + host.swapDevice().readLatencyNanos();
        return call + 15 * costs(testbed).pinPageNanos() + 2 * (host.swapInCpuNanos() + read);
    }

    private static long npfSoftware(Testbed testbed) {
        return costs(testbed).npfSoftwareNanos();
    }

    private static NicCosts costs(Testbed testbed) {
        return testbed.serverNic().config().costs();
    }
}
