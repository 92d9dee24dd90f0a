package org.overbook.nic.vf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.overbook.guest.verbs.Access;
import org.overbook.guest.verbs.CompletionQueue;
import org.overbook.guest.verbs.QueuePair;
import org.overbook.guest.verbs.QueuePairConfig;
import org.overbook.guest.verbs.Verbs;
import org.overbook.guest.verbs.WorkRequest;
import org.overbook.hypervisor.HostConfig;
import org.overbook.hypervisor.HostResources;
import org.overbook.hypervisor.Tenant;
import org.overbook.hypervisor.memory.HostMemory;
import org.overbook.hypervisor.memory.PageState;
import org.overbook.hypervisor.testing.HostsUnderTest;
import org.overbook.nic.LinkConfig;
import org.overbook.nic.NicConfig;
import org.overbook.nic.NicCosts;
import org.overbook.nic.Testbed;
import org.overbook.nic.VfCounters;
import org.overbook.nic.contract.TestbedFixtures;
import org.overbook.nic.dma.PcieLink;
import org.overbook.nic.link.Link;

/**
 * Pre-faulting against a hand-computed timeline: a region of k = 8 pages registered and at once sent from, under
 * {@code on-demand} and under {@code prefault}, timed from the registration call with the cost model's constants;
 * the pages never touched (the host populates them), resident (written by the guest, not yet in the NIC page
 * table) or swapped out (written, then paged out by the host: one readahead cluster of 8 pages). The sender is
 * the server host's tenant (the client NIC pins all its memory); the 8 pages fill one 64-byte line of the NIC's
 * translation table; the receiver is pinned and its TLB warm (a first message went there), so only the
 * sender's side differs.
 *
 * <p>Resolving the 8 pages costs the same whoever asks (Linux's mlx5 driver resolves a network page fault and
 * an {@code ibv_advise_mr} prefetch in the same {@code pagefault_mr}): the software fault path once, the
 * per-page mapping work of the 7 others (npf + 7 · pin-page); pages never touched cost nothing more: the region is
 * registered without write access, so the fault, which asks for the access the region allows, maps them to the
 * shared zero page, as prefault's prefetch for reading does (a frame of their own would cost 8 · populate-page); if
 * the pages are swapped, the swap-in path's CPU once, at the first page
 * (swap-in-cpu: the kernel's handler reads the whole cluster there, and finds the 7 others in the swap cache, which
 * costs them only their per-page work), then the one read of the cluster, which passes the swap path's host-wide
 * ceiling a page at a time (8 · swap-path) and takes the device's bottleneck for its 7 further pages before its read
 * latency (7 · read-service + read-latency).
 *
 * <p>{@code on-demand}: registration costs the vCPU the register cost and maps nothing. The send engine reads the
 * work request (wqe), misses the TLB and fetches the line (PCIe read latency + 64 bytes), finds the first page
 * absent: one network page fault for every page of the request, whose job on a fault-service worker resolves
 * them as above (on an idle host pCPU, then the read). Translation then starts over and fetches the line again,
 * which now holds all 8: reads are issued at register + wqe + 2 · line + resolve after the call, and 8 network
 * page faults are counted (minor if the pages were never touched, mappings if resident; if swapped, the first
 * page's is major and its readahead brings the 7 others in, whose are mappings).
 *
 * <p>{@code prefault}: registration prefetches the region on the tenant's vCPU (as ibv_advise_mr): the vCPU
 * does the same work to resolve the 8 pages and waits for the read if they were swapped; the post finds every
 * page mapped (its own prefetch has nothing left to do). The send engine reads the request and fetches the
 * line once: reads at register + resolve + wqe + line. No network page fault; 8 pages prefetched.
 *
 * <p>From the reads on, both are {@code PacketTimelineTest}'s pipeline: 8 page-sized packets read back to back,
 * each on the wire when read, each written as it lands; the receive completes an interrupt after the last
 * write, the send an interrupt after the last packet's acknowledgement is back. Every time is exact: with the
 * defaults the send completes 23,605 ns after the call on demand and 23,050 ns with prefault, pages never touched or
 * resident (one line fetch saved, the fault work moved to the vCPU); and 144,204 ns on demand and 143,649 ns with prefault on
 * swapped pages (9,000 ns of swap-in path and a 111,599 ns read more: 8 · 1,539 + 7 · 2,041 + 85,000).
 */
class PrefaultTimelineTest {

    private static final int PAGES = 8;
    private static final int MTU = 4096;
    private static final int BYTES = PAGES * MTU;

    /** Where the sender's 8 pages are when the region is registered. */
    enum Pages { NEVER_TOUCHED, RESIDENT, SWAPPED }

    @ParameterizedTest(name = "{0}, pages {1}")
    @CsvSource({"on-demand, NEVER_TOUCHED", "prefault, NEVER_TOUCHED", "on-demand, RESIDENT", "prefault, RESIDENT",
            "on-demand, SWAPPED", "prefault, SWAPPED"})
    void aSendOfPagesTheNicLacksTakesTheHandComputedTime(String policy, Pages state) throws Exception {
        Path directory = Files.createTempDirectory("overbook-prefault-");
        NicConfig nic = NicConfig.of(policy);
        LinkConfig link = LinkConfig.fdr();
        HostConfig serverHost = TestbedFixtures.host("s", 256, 64, new int[] {64}, directory.resolve("server"));
        Testbed testbed = TestbedFixtures.create(serverHost,
                TestbedFixtures.host("c", 256, 0, new int[] {64}, directory.resolve("client")), nic, link, /* seed= */ 9);
        try {
            Tenant receiver = testbed.client().tenant(0);
            Verbs receiverVerbs = receiver.guest().verbs();
            long inbox = receiver.memory().allocate(BYTES);
            int inboxKey = receiverVerbs.register(inbox, BYTES, Access.LOCAL_WRITE).lkey();
            CompletionQueue receiverCq = receiverVerbs.createCompletionQueue(8);
            long[] received = new long[2];
            receiverCq.onCompletion(c -> received[(int) c.id()] = testbed.simulation().now());

            Tenant sender = testbed.server().tenant(0);
            Verbs senderVerbs = sender.guest().verbs();
            long warmUp = sender.memory().allocate(BYTES);
            long buffer = HandTimeline.lineAligned(sender.memory().allocate(BYTES + PAGES * MTU));
            int warmUpKey = senderVerbs.register(warmUp, BYTES, Access.ON_DEMAND).lkey();
            byte[] bytes = new byte[BYTES];
            if (state != Pages.NEVER_TOUCHED) {
                new SplittableRandom(7).nextBytes(bytes);
                sender.memory().write(buffer, bytes, 0, BYTES);
            }
            sender.memory().write(warmUp, new byte[] {1}, 0, 1);
            CompletionQueue cq = senderVerbs.createCompletionQueue(8);
            long[] sent = new long[2];
            cq.onCompletion(c -> sent[(int) c.id()] = testbed.simulation().now());
            QueuePair[] accepted = new QueuePair[1];
            senderVerbs.listen("x", QueuePairConfig.of(cq, cq), qp -> accepted[0] = qp);
            QueuePair receiverQp = receiverVerbs.connect("s0", "x", QueuePairConfig.of(receiverCq, receiverCq));
            receiverQp.postReceive(new WorkRequest.Receive(0, inbox, BYTES, inboxKey));
            receiverQp.postReceive(new WorkRequest.Receive(1, inbox, BYTES, inboxKey));
            testbed.simulation().run();
            QueuePair qp = accepted[0];
            qp.postSend(new WorkRequest.Send(0, warmUp, BYTES, warmUpKey)); // warms the receiver's TLB
            testbed.simulation().run();
            if (state == Pages.SWAPPED) {
                swapOutEverything(testbed, sender);
            }

            VirtualFunction vf = testbed.vf("s0");
            for (int page = firstPage(buffer); page < firstPage(buffer) + PAGES; page++) {
                assertEquals(state == Pages.RESIDENT, sender.table().frame(page) >= 0, "page " + page + " resident before the send");
                assertEquals(state == Pages.SWAPPED, sender.table().state(page) == PageState.SWAPPED,
                        "page " + page + " swapped before the send");
                assertTrue(!vf.translator().mapped(page), "page " + page + " not in the NIC page table before the send");
            }
            long faultsBefore = vf.counters().faults(VfCounters.Side.SEND);
            long[] kindsBefore = faultKinds(vf);
            long prefetchedBefore = vf.counters().prefetchedPages();
            long registered = sender.vcpu().now();
            int lkey = senderVerbs.register(buffer, BYTES, Access.ON_DEMAND).lkey();
            qp.postSend(new WorkRequest.Send(1, buffer, BYTES, lkey));
            testbed.simulation().run();

            long readsStart = registered + ahead(policy, resolve(state, nic, serverHost), nic)
                    + nic.pcie().readLatencyNanos();
            long lastWrite = lastWrite(readsStart, nic, link);
            NicCosts costs = nic.costs();
            long ackWire = ceil(Link.HEADER_BYTES * 8L * 1_000_000_000L, link.bitsPerSecond());
            String where = policy + ", pages " + state;
            assertEquals(lastWrite + costs.interruptNanos(), received[1], where + ": receive completion");
            assertEquals(lastWrite + ackWire + link.latencyNanos() + costs.interruptNanos(), sent[1],
                    where + ": send completion");

            boolean prefaults = policy.equals("prefault");
            long faults = vf.counters().faults(VfCounters.Side.SEND) - faultsBefore;
            assertEquals(prefaults ? 0 : PAGES, faults, where + ": network page faults on the send side");
            long[] kinds = faultKinds(vf);
            long[] expected = prefaults ? new long[3] : switch (state) {
                case NEVER_TOUCHED -> new long[] {0, PAGES, 0};
                case RESIDENT -> new long[] {PAGES, 0, 0};
                case SWAPPED -> new long[] {PAGES - 1, 0, 1}; // the first page's readahead brings the 7 others in
            };
            for (int k = 0; k < kinds.length; k++) {
                assertEquals(expected[k], kinds[k] - kindsBefore[k], where + ": network page faults of kind " + KINDS[k]);
            }
            assertEquals(prefaults ? PAGES : 0, vf.counters().prefetchedPages() - prefetchedBefore, where + ": prefetched");
            byte[] arrived = new byte[BYTES];
            receiver.memory().read(inbox, arrived, 0, BYTES);
            assertArrayEquals(bytes, arrived, where + ": the pages' bytes (zeros if never touched), in place");
        } finally {
            TestbedFixtures.checkAndClose(testbed);
            HostsUnderTest.deleteTree(directory);
        }
    }

    private static final VfCounters.FaultKind[] KINDS = {
        VfCounters.FaultKind.MAPPING, VfCounters.FaultKind.MINOR, VfCounters.FaultKind.MAJOR};

    private static long[] faultKinds(VirtualFunction vf) {
        long[] counts = new long[KINDS.length];
        for (int k = 0; k < KINDS.length; k++) {
            counts[k] = vf.counters().faults(VfCounters.Side.SEND, KINDS[k]);
        }
        return counts;
    }

    /**
     * Pages out every resident page of {@code sender} (the warm-up buffer's and the 8 to send), then lets virtual
     * time pass until the write-back's swap path, device and kswapd CPU are long idle, so the 8 pages' read
     * finds them free.
     */
    private static void swapOutEverything(Testbed testbed, Tenant sender) {
        HostMemory memory = testbed.server().memory();
        memory.swapOut(sender.table(), sender.table().residentPages());
        testbed.simulation().scheduleAt(testbed.simulation().now() + 10_000_000L, () -> { });
        testbed.simulation().run();
    }

    /**
     * Resolving the 8 pages, by hand (see the class comment): the fault path and the per-page work of 7 (pages never
     * touched go to the shared zero page either way: nothing to populate); if swapped, the swap-in path's CPU once for
     * their cluster and its read.
     */
    private static long resolve(Pages state, NicConfig nic, HostConfig serverHost) {
        NicCosts costs = nic.costs();
        long mapping = costs.npfSoftwareNanos() + (PAGES - 1) * costs.pinPageNanos();
        if (state != Pages.SWAPPED) {
            return mapping;
        }
        HostResources host = serverHost.resources();
        long read = PAGES * host.swapPathNanosPerPage() + (PAGES - 1) * host.swapDevice().readServiceNanos()
                + host.swapDevice().readLatencyNanos();
        return mapping + host.swapInCpuNanos() + read;
    }

    /** The time from the registration to the moment the packets' reads are issued, by hand (see the class comment). */
    private static long ahead(String policy, long resolve, NicConfig nic) {
        NicCosts costs = nic.costs();
        long line = nic.pcie().readLatencyNanos() + ceil(PcieLink.TRANSLATION_LINE_BYTES * 8L * 1_000_000_000L,
                nic.pcie().bitsPerSecond());
        if (policy.equals("on-demand")) {
            return costs.registerNanos() + costs.wqeNanos() + line + resolve + line;
        }
        return costs.registerNanos() + resolve + costs.wqeNanos() + line;
    }

    /** When the last of the 8 packets is in the receiver's memory, the reads issued at {@code readsStart}. */
    private static long lastWrite(long readsStart, NicConfig nic, LinkConfig link) {
        long pcieTransfer = ceil(MTU * 8L * 1_000_000_000L, nic.pcie().bitsPerSecond());
        long wire = ceil((MTU + Link.HEADER_BYTES) * 8L * 1_000_000_000L, link.bitsPerSecond());
        long wireDone = 0;
        long written = 0;
        for (int k = 0; k < PAGES; k++) {
            long readDone = readsStart + (k + 1) * pcieTransfer;
            wireDone = Math.max(readDone, wireDone) + wire;
            written = Math.max(wireDone + link.latencyNanos(), written) + pcieTransfer;
        }
        return written;
    }

    private static int firstPage(long address) {
        return (int) (address >>> 12);
    }

    private static long ceil(long numerator, long denominator) {
        return (numerator + denominator - 1) / denominator;
    }
}
