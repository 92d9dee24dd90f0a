package org.overbook.nic.vf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.overbook.nic.vf.SixteenPages.NPF_IOMMU;
import static org.overbook.nic.vf.SixteenPages.NPF_SOFTWARE;
import static org.overbook.nic.vf.SixteenPages.PAGE;
import static org.overbook.nic.vf.SixteenPages.PAGES;
import static org.overbook.nic.vf.SixteenPages.PIN_PAGE;
import static org.overbook.nic.vf.SixteenPages.POPULATE_PAGE;
import static org.overbook.nic.vf.SixteenPages.SWAP_IN_CPU;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.overbook.hypervisor.sim.Vcpu;
import org.overbook.nic.dma.FaultServicePool;
import org.overbook.nic.vf.PrefaultTimelineTest.Pages;

/**
 * Populating a page never touched outside a guest CPU's own fault has one price, {@code costs.populate-page}, on
 * top of the per-page work of whatever resolves it, whoever asks: pinning ({@code get_user_pages} runs the fault
 * handler's core through {@code faultin_page}), a network page fault's service and a prefetch ({@code
 * hmm_range_fault} runs it from {@code hmm_vma_fault}). None of them traps, so none pays the guest's
 * {@code costs.minor-fault}. A prefetch for reading maps the shared zero page and populates nothing. Swapped
 * pages keep their swap-in charges.
 *
 * <p>Every time is hand-computed in nanoseconds from {@link SixteenPages}'s costs (all off their defaults and
 * apart: minor-fault 5,300, populate-page 617, pin-page 410, the software fault path 7,300, among others) over its 16 pages, two readahead clusters of 8.
 */
class PopulationWithoutTrapTest {

    private static final long REGION = (long) PAGES * PAGE;

    @ParameterizedTest(name = "pages {0}")
    @EnumSource(Pages.class)
    void pinningChargesPinPagePlusWhatTheHostDidWithoutATrap(Pages state) throws Exception {
        long[] read = new long[1];
        long pinned = SixteenPages.onTestbed("software", state, (testbed, tenant, pages) -> {
            read[0] = SixteenPages.clusterRead(testbed);
            return pin(testbed.vf(tenant.name()), tenant.vcpu(), pages);
        });
        long expected = switch (state) {
            case NEVER_TOUCHED -> PAGES * (PIN_PAGE + POPULATE_PAGE); // 16 · (410 + 617) = 16,432, not 16 · (410 + 5,300)
            case RESIDENT -> PAGES * PIN_PAGE; // 6,560
            // the first page of each cluster is a major fault whose read brings the cluster's 7 others in
            case SWAPPED -> PAGES * PIN_PAGE + 2 * (SWAP_IN_CPU + read[0]);
        };
        assertEquals(expected, pinned, "pinning 16 pages " + state + " takes the vCPU");
    }

    @ParameterizedTest(name = "{0} fault path")
    @ValueSource(strings = {"software", "iommu"})
    void aFaultServiceJobPopulatesAPageNeverTouchedAtThePopulationPrice(String faultPath) throws Exception {
        long job = SixteenPages.onTestbed(faultPath, Pages.NEVER_TOUCHED, (testbed, tenant, pages) -> {
            long start = testbed.simulation().now();
            return testbed.serverNic().faultService().serve(start, tenant.id(), pages, PAGES, new int[0], 0, /* forWrite= */ true) - start;
        });
        assertEquals(path(faultPath) + (PAGES - 1) * PIN_PAGE + PAGES * POPULATE_PAGE, job,
                faultPath + ": the fault path, 15 further pages' work, 16 populations");
    }

    @Test
    void theWindowPrefetchedAfterAReceiveFaultPopulatesItsPagesNeverTouchedToo() throws Exception {
        long[] resumedAfter = new long[1];
        long job = SixteenPages.onTestbed("software", Pages.NEVER_TOUCHED, (testbed, tenant, pages) -> {
            FaultServicePool pool = testbed.serverNic().faultService();
            long start = testbed.simulation().now();
            int[] window = Arrays.copyOfRange(pages, 1, PAGES);
            resumedAfter[0] = pool.serve(start, tenant.id(), pages, 1, window, window.length, /* forWrite= */ true) - start;
            return pool.lastFinish() - start;
        });
        assertEquals(NPF_SOFTWARE + POPULATE_PAGE, resumedAfter[0], "the faulting page: the fault path and its population");
        assertEquals((PAGES - 1) * (PIN_PAGE + POPULATE_PAGE), job - resumedAfter[0],
                "the window's 15 pages, in the same work item: each its per-page work and its population");
    }

    @ParameterizedTest(name = "{0} fault path, for writing {1}")
    @CsvSource({"software, true", "software, false", "iommu, true", "iommu, false"})
    void aPrefetchPopulatesOnlyThePagesItGivesFrames(String faultPath, boolean forWrite) throws Exception {
        long prefetch = SixteenPages.onTestbed(faultPath, Pages.NEVER_TOUCHED, (testbed, tenant, pages) -> {
            long before = tenant.vcpu().now();
            testbed.vf(tenant.name()).prefetch((long) pages[0] * PAGE, REGION, forWrite);
            return tenant.vcpu().now() - before;
        });
        long perPage = NPF_SOFTWARE + (PAGES - 1) * PIN_PAGE; // a prefetch is a system call: the software path's, whatever the fault path
        assertEquals(forWrite ? perPage + PAGES * POPULATE_PAGE : perPage, prefetch,
                faultPath + (forWrite ? ": 16 frames populated" : ": the shared zero page, nothing populated"));
    }

    /**
     * The same 16 pages, never touched against resident: pinning them, a fault-service job and a prefetch for
     * writing each cost 16 populations more, and nothing else differs. Before the population had one price,
     * pinning paid 16 guest minor faults (the trap included) and the other two nothing.
     */
    @Test
    void pinFaultAndPrefetchPriceTheSamePopulationTheSame() throws Exception {
        SixteenPages.Resolution pin = (testbed, tenant, pages) -> pin(testbed.vf(tenant.name()), tenant.vcpu(), pages);
        SixteenPages.Resolution fault = (testbed, tenant, pages) -> {
            long start = testbed.simulation().now();
            return testbed.serverNic().faultService().serve(start, tenant.id(), pages, PAGES, new int[0], 0, /* forWrite= */ true) - start;
        };
        SixteenPages.Resolution prefetch = (testbed, tenant, pages) -> {
            long before = tenant.vcpu().now();
            testbed.vf(tenant.name()).prefetch((long) pages[0] * PAGE, REGION, /* forWrite= */ true);
            return tenant.vcpu().now() - before;
        };
        long population = PAGES * POPULATE_PAGE;
        assertEquals(population, population(pin), "pinning: never touched less resident");
        assertEquals(population, population(fault), "a fault-service job: never touched less resident");
        assertEquals(population, population(prefetch), "a prefetch for writing: never touched less resident");
    }

    private static long population(SixteenPages.Resolution resolution) throws Exception {
        return SixteenPages.onTestbed("software", Pages.NEVER_TOUCHED, resolution)
                - SixteenPages.onTestbed("software", Pages.RESIDENT, resolution);
    }

    private static long pin(VirtualFunction vf, Vcpu vcpu, int[] pages) {
        long before = vcpu.now();
        vf.pin((long) pages[0] * PAGE, REGION);
        long took = vcpu.now() - before;
        vf.unpin((long) pages[0] * PAGE, REGION);
        return took;
    }

    private static long path(String faultPath) {
        return faultPath.equals("software") ? NPF_SOFTWARE : NPF_IOMMU;
    }
}
