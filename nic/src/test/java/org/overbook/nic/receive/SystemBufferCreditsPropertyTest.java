package org.overbook.nic.receive;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.overbook.guest.verbs.Access;
import org.overbook.guest.verbs.Completion;
import org.overbook.guest.verbs.CompletionQueue;
import org.overbook.guest.verbs.MemoryRegion;
import org.overbook.guest.verbs.QueuePair;
import org.overbook.guest.verbs.QueuePairConfig;
import org.overbook.guest.verbs.Verbs;
import org.overbook.guest.verbs.WorkRequest;
import org.overbook.hypervisor.testing.HostsUnderTest;
import org.overbook.nic.LinkConfig;
import org.overbook.nic.NicConfig;
import org.overbook.nic.Testbed;
import org.overbook.nic.contract.TestbedFixtures;
import org.overbook.nic.vf.VirtualFunction;

/**
 * NetVM's credit-based flow control: a burst of RDMA writes of random sizes, every destination page
 * never touched (so each write faults and goes to the system buffer), from several senders at once.
 * The system buffer never holds more than its capacity, nothing is refused, and every byte lands.
 */
class SystemBufferCreditsPropertyTest {

    @Property(tries = 12, seed = "4242")
    void creditsKeepTheSystemBufferFromOverflowing(@ForAll @LongRange(min = 1) long seed,
                                                   @ForAll @IntRange(min = 1, max = 8) int credits,
                                                   @ForAll @IntRange(min = 10, max = 60) int burst) throws Exception {
        Path directory = Files.createTempDirectory("overbook-credits-");
        NicConfig base = NicConfig.of("on-demand");
        NicConfig nic = base.withReceive(new NicConfig.Receive("reliable", "system-buffer", "software",
                base.receive().backupRingSlots(), credits, /* prefetchWindowBytes= */ 0));
        Testbed testbed = TestbedFixtures.create(
                TestbedFixtures.host("s", 512, 1024, new int[] {1024}, directory.resolve("server")),
                TestbedFixtures.host("c", 1024, 0, new int[] {256, 256}, directory.resolve("client")),
                nic, LinkConfig.fdr(), seed);
        try {
            long[] target = new long[2];
            testbed.server().tenant(0).boot(guest -> {
                Verbs verbs = guest.verbs();
                long area = guest.memory().allocate(2L * 64 * 4 * 4096);
                MemoryRegion region = verbs.register(area, 2L * 64 * 4 * 4096, Access.LOCAL_WRITE | Access.REMOTE_WRITE);
                target[0] = area;
                target[1] = region.rkey();
                CompletionQueue cq = verbs.createCompletionQueue(64);
                verbs.listen("w0", QueuePairConfig.of(cq, cq), qp -> { });
                verbs.listen("w1", QueuePairConfig.of(cq, cq), qp -> { });
            });
            List<byte[]> sent = new ArrayList<>();
            int[] ok = new int[1];
            for (int c = 0; c < 2; c++) {
                int client = c;
                testbed.client().tenant(c).boot(guest -> guest.schedule(100_000, () -> {
                    Verbs verbs = guest.verbs();
                    long buffer = guest.memory().allocate((long) burst * 4 * 4096);
                    MemoryRegion region = verbs.register(buffer, (long) burst * 4 * 4096, Access.LOCAL_WRITE);
                    CompletionQueue cq = verbs.createCompletionQueue(128);
                    cq.onCompletion((Completion completion) -> ok[0] += completion.ok() ? 1 : 0);
                    QueuePair qp = verbs.connect("s0", "w" + client, QueuePairConfig.of(cq, cq).withRings(64, 16));
                    SplittableRandom random = new SplittableRandom(seed + client);
                    for (int i = 0; i < burst; i++) {
                        int length = 1 + random.nextInt(Math.min(credits, 4) * 4096);
                        byte[] bytes = new byte[length];
                        random.nextBytes(bytes);
                        synchronized (sent) {
                            sent.add(bytes);
                        }
                        long slot = buffer + (long) i * 4 * 4096;
                        guest.memory().write(slot, bytes, 0, length);
                        long remote = target[0] + ((long) client * 64 + i) * 4 * 4096;
                        qp.postSend(new WorkRequest.RdmaWrite(i, slot, length, region.lkey(), remote, (int) target[1], false));
                    }
                }));
            }
            testbed.simulation().run();
            VirtualFunction server = testbed.serverNic().vf(0);
            assertEquals(2 * burst, ok[0], "seed " + seed + ": every write completed");
            assertTrue(server.counters().staged() > 0, "seed " + seed + ": writes went to the system buffer");
            assertTrue(server.stagingArea().peak() <= server.stagingArea().capacity(), "seed " + seed + ": never overflowed");
            assertEquals(2 * credits, server.stagingArea().capacity(), "capacity is the credits handed out");
            assertEquals(0, server.counters().stagingOverflows());
            for (int c = 0; c < 2; c++) {
                for (int i = 0; i < burst; i++) {
                    byte[] expected = sent.get(indexOf(sent, c, i, burst));
                    byte[] actual = new byte[expected.length];
                    testbed.server().tenant(0).memory().read(target[0] + ((long) c * 64 + i) * 4 * 4096, actual, 0, actual.length);
                    assertArrayEquals(expected, actual, "seed " + seed + ": write " + i + " of client " + c);
                }
            }
        } finally {
            TestbedFixtures.checkAndClose(testbed);
            HostsUnderTest.deleteTree(directory);
        }
    }

    /** The clients' boots run one after the other, so client c's writes are the c-th block of the list. */
    private static int indexOf(List<byte[]> sent, int client, int index, int burst) {
        return client * burst + index;
    }
}
