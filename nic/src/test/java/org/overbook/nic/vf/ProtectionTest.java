package org.overbook.nic.vf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.overbook.guest.Guest;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.verbs.Access;
import org.overbook.guest.verbs.Completion;
import org.overbook.guest.verbs.CompletionQueue;
import org.overbook.guest.verbs.CompletionStatus;
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

/**
 * Isolation: a DMA outside what the VF's own tenant registered completes with a protection error and
 * writes nothing anywhere. The victim tenants' whole memory is checksummed before and after.
 */
class ProtectionTest {

    private record Attempt(String name, Function<Keys, WorkRequest> request, CompletionStatus expected) {
    }

    /** What the attacker knows: its own buffer and key, and keys it has seen or made up. */
    record Keys(long buffer, int lkey, long s0Address, int s0Rkey, int s0ReadOnlyRkey, int s0DeregisteredRkey,
                long s1Address, int s1Rkey) {
    }

    @Test
    void everyOutOfBoundsDmaCompletesWithAnErrorAndTouchesNothing() throws Exception {
        List<Attempt> attempts = List.of(
                new Attempt("made-up rkey", k -> write(k, k.s0Address, 0x7777_0001, 64), CompletionStatus.REMOTE_ACCESS_ERROR),
                new Attempt("another tenant's rkey", k -> write(k, k.s0Address, k.s1Rkey, 64), CompletionStatus.REMOTE_ACCESS_ERROR),
                new Attempt("length past the region", k -> write(k, k.s0Address + 8 * 4096 - 100, k.s0Rkey, 200), CompletionStatus.REMOTE_ACCESS_ERROR),
                new Attempt("region without remote write", k -> write(k, k.s0Address, k.s0ReadOnlyRkey, 64), CompletionStatus.REMOTE_ACCESS_ERROR),
                new Attempt("deregistered region", k -> write(k, k.s0Address, k.s0DeregisteredRkey, 64), CompletionStatus.REMOTE_ACCESS_ERROR),
                new Attempt("bad lkey on a send", k -> new WorkRequest.Send(1, k.buffer, 64, k.lkey + 12345), CompletionStatus.LOCAL_PROTECTION_ERROR),
                new Attempt("send buffer outside its region", k -> new WorkRequest.Send(1, k.buffer + 4096 * 4 - 10, 64, k.lkey), CompletionStatus.LOCAL_PROTECTION_ERROR));

        Path directory = Files.createTempDirectory("overbook-protection-");
        Testbed testbed = TestbedFixtures.create(
                TestbedFixtures.host("s", 256, 256, new int[] {64, 64}, directory.resolve("server")),
                TestbedFixtures.host("c", 256, 0, new int[] {32}, directory.resolve("client")),
                NicConfig.of("on-demand"), LinkConfig.fdr(), 5);
        try {
            long[] keys = new long[8];
            for (int s = 0; s < 2; s++) {
                int server = s;
                testbed.server().tenant(s).boot(guest -> {
                    Verbs verbs = guest.verbs();
                    long area = guest.memory().allocate(16 * 4096);
                    for (long a = area; a < area + 16 * 4096; a += 8) {
                        guest.memory().writeLong(a, a * 0x9E3779B97F4A7C15L); // content to protect
                    }
                    MemoryRegion writable = verbs.register(area, 8 * 4096, Access.LOCAL_WRITE | Access.REMOTE_WRITE);
                    MemoryRegion readOnly = verbs.register(area + 8 * 4096, 4 * 4096, Access.LOCAL_WRITE);
                    MemoryRegion gone = verbs.register(area + 12 * 4096, 4 * 4096, Access.LOCAL_WRITE | Access.REMOTE_WRITE);
                    verbs.deregister(gone);
                    keys[server * 4] = area;
                    keys[server * 4 + 1] = writable.rkey();
                    keys[server * 4 + 2] = readOnly.rkey();
                    keys[server * 4 + 3] = gone.rkey();
                    CompletionQueue cq = verbs.createCompletionQueue(16);
                    for (int i = 0; i < attempts.size(); i++) {
                        verbs.listen("p" + i, QueuePairConfig.of(cq, cq), qp -> { });
                    }
                });
            }
            testbed.simulation().runUntil(1_000_000);
            long[] before = {checksum(testbed.server().tenant(0).guest()), checksum(testbed.server().tenant(1).guest())};

            List<Completion> results = new ArrayList<>();
            testbed.client().tenant(0).boot(guest -> {
                Verbs verbs = guest.verbs();
                long buffer = guest.memory().allocate(4 * 4096);
                MemoryRegion region = verbs.register(buffer, 4 * 4096, Access.LOCAL_WRITE);
                Keys k = new Keys(buffer, region.lkey(), keys[0], (int) keys[1], (int) keys[2], (int) keys[3], keys[4], (int) keys[5]);
                CompletionQueue cq = verbs.createCompletionQueue(16);
                cq.onCompletion(results::add);
                for (int i = 0; i < attempts.size(); i++) {
                    QueuePair qp = verbs.connect("s0", "p" + i, QueuePairConfig.of(cq, cq));
                    qp.postSend(attempts.get(i).request().apply(k));
                }
            });
            testbed.simulation().run();

            assertEquals(attempts.size(), results.size(), "every attempt completed");
            for (int i = 0; i < attempts.size(); i++) {
                Attempt attempt = attempts.get(i);
                Completion completion = results.stream().filter(c -> (c.queuePair() & 0xffff) == attempts.indexOf(attempt)).findFirst().orElseThrow();
                assertEquals(attempt.expected(), completion.status(), attempt.name());
            }
            assertEquals(before[0], checksum(testbed.server().tenant(0).guest()), "s0's memory is untouched");
            assertEquals(before[1], checksum(testbed.server().tenant(1).guest()), "s1's memory is untouched");
            assertEquals(5, testbed.serverNic().vf(0).counters().protectionErrors(), "refused at the target");
            assertEquals(2, testbed.clientNic().vf(0).counters().protectionErrors(), "refused at the source");
            assertEquals(0, testbed.serverNic().vf(1).counters().protectionErrors() + testbed.serverNic().vf(1).counters().messagesReceived(),
                    "the other tenant saw nothing");
        } finally {
            TestbedFixtures.checkAndClose(testbed);
            HostsUnderTest.deleteTree(directory);
        }
    }

    private static WorkRequest write(Keys k, long remote, int rkey, int length) {
        return new WorkRequest.RdmaWrite(1, k.buffer, length, k.lkey, remote, rkey, /* immediate= */ false);
    }

    private static long checksum(Guest guest) {
        GuestMemory memory = guest.memory();
        CRC32 crc = new CRC32();
        byte[] page = new byte[4096];
        for (long a = 0; a < memory.size(); a += 4096) {
            memory.read(a, page, 0, page.length);
            crc.update(page);
        }
        return crc.getValue();
    }
}
