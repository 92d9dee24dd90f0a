package org.overbook.nic.vf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.verbs.Access;
import org.overbook.guest.verbs.CompletionQueue;
import org.overbook.guest.verbs.MemoryRegion;
import org.overbook.guest.verbs.QueuePair;
import org.overbook.guest.verbs.QueuePairConfig;
import org.overbook.guest.verbs.Verbs;
import org.overbook.guest.verbs.VerbsException;
import org.overbook.guest.verbs.WorkRequest;
import org.overbook.hypervisor.testing.HostsUnderTest;
import org.overbook.nic.LinkConfig;
import org.overbook.nic.NicConfig;
import org.overbook.nic.Testbed;
import org.overbook.nic.contract.TestbedFixtures;
import org.overbook.nic.policy.PinningContext;

/** Verbs calls that cannot be carried out fail at once, naming the call; bad NIC settings name their field. */
class VerbsMisuseTest {

    private Path directory;
    private Testbed testbed;

    @BeforeEach
    void build() throws Exception {
        directory = Files.createTempDirectory("overbook-verbs-");
        testbed = TestbedFixtures.create(
                TestbedFixtures.host("s", 256, 256, new int[] {64}, directory.resolve("server")),
                TestbedFixtures.host("c", 256, 0, new int[] {32}, directory.resolve("client")),
                NicConfig.of("on-demand"), LinkConfig.fdr(), 5);
    }

    @AfterEach
    void close() {
        TestbedFixtures.checkAndClose(testbed);
        HostsUnderTest.deleteTree(directory);
    }

    private Verbs client() {
        return testbed.client().tenant(0).guest().verbs();
    }

    @Test
    void aQueueOrRingSizeThatIsNotAPowerOfTwoIsRefusedWithTheNearestOnes() {
        Verbs verbs = client();
        VerbsException queue = assertThrows(VerbsException.class, () -> verbs.createCompletionQueue(100));
        assertTrue(queue.getMessage().endsWith("capacity 100 is not a power of two; the nearest are 64 and 128"), queue.getMessage());
        CompletionQueue cq = verbs.createCompletionQueue(8);
        VerbsException ring = assertThrows(VerbsException.class,
                () -> verbs.listen("svc", QueuePairConfig.of(cq, cq).withRings(6, 8), qp -> { }));
        assertTrue(ring.getMessage().endsWith("send ring 6 is not a power of two; the nearest are 4 and 8"), ring.getMessage());
        VerbsException empty = assertThrows(VerbsException.class,
                () -> verbs.connect("s0", "svc", QueuePairConfig.of(cq, cq).withRings(8, 0)));
        assertTrue(empty.getMessage().endsWith("receive ring 0 is not a power of two; the smallest is 1"), empty.getMessage());
    }

    @Test
    void aFullRingIsAnErrorTheCallerSees() {
        Verbs server = testbed.server().tenant(0).guest().verbs();
        CompletionQueue serverCq = server.createCompletionQueue(8);
        server.listen("svc", QueuePairConfig.of(serverCq, serverCq), qp -> { });
        Verbs verbs = client();
        long buffer = testbed.client().tenant(0).memory().allocate(4096);
        MemoryRegion region = verbs.register(buffer, 4096, Access.LOCAL_WRITE);
        CompletionQueue cq = verbs.createCompletionQueue(8);
        QueuePair qp = verbs.connect("s0", "svc", QueuePairConfig.of(cq, cq).withRings(2, 2));
        qp.postSend(new WorkRequest.Send(1, buffer, 10, region.lkey()));
        qp.postSend(new WorkRequest.Send(2, buffer, 10, region.lkey()));
        VerbsException full = assertThrows(VerbsException.class, () -> qp.postSend(new WorkRequest.Send(3, buffer, 10, region.lkey())));
        assertTrue(full.getMessage().contains("send ring full (2 slots)"), full.getMessage());
        qp.postReceive(new WorkRequest.Receive(1, buffer, 10, region.lkey()));
        qp.postReceive(new WorkRequest.Receive(2, buffer, 10, region.lkey()));
        assertThrows(VerbsException.class, () -> qp.postReceive(new WorkRequest.Receive(3, buffer, 10, region.lkey())));
        assertEquals(2, qp.sendsOutstanding());
    }

    @Test
    void aMemoryPolicysRangeOutsideTheGuestNamesTheCallAndTheRange() {
        PinningContext context = (PinningContext) client(); // what a memory policy is handed: 32 pages
        long guest = 32 * 4096;
        assertEquals(guest, context.guestBytes());
        List<VerbsException> errors = List.of(
                assertThrows(VerbsException.class, () -> context.pin(0, 2 * guest)),
                assertThrows(VerbsException.class, () -> context.unpin(guest - 4096, 8192)),
                assertThrows(VerbsException.class, () -> context.prefetch(-4096, 4096)),
                assertThrows(VerbsException.class, () -> context.pin(0, -1)));
        assertEquals(List.of("pin(tenant c0): [0, 262144) is not a range of the guest's 131072 bytes",
                "unpin(tenant c0): [126976, 135168) is not a range of the guest's 131072 bytes",
                "prefetch(tenant c0): [-4096, 0) is not a range of the guest's 131072 bytes",
                "pin(tenant c0): [0, -1) is not a range of the guest's 131072 bytes"),
                errors.stream().map(Throwable::getMessage).toList());
        context.pin(0, guest); // the whole guest, and nothing, are ranges of it
        context.pin(4096, 0);
        context.unpin(0, guest);
    }

    @Test
    void badCallsNameTheCallAndTheProblem() {
        Verbs verbs = client();
        List<VerbsException> errors = new ArrayList<>();
        errors.add(assertThrows(VerbsException.class, () -> verbs.register(0, 0, Access.LOCAL_WRITE)));
        errors.add(assertThrows(VerbsException.class, () -> verbs.register(32 * 4096 - 10, 4096, Access.LOCAL_WRITE)));
        errors.add(assertThrows(VerbsException.class, () -> verbs.register(0, 4096, 1 << 20)));
        errors.add(assertThrows(VerbsException.class, () -> verbs.createCompletionQueue(12)));
        CompletionQueue cq = verbs.createCompletionQueue(8);
        errors.add(assertThrows(VerbsException.class, () -> verbs.connect("nobody", "svc", QueuePairConfig.of(cq, cq))));
        errors.add(assertThrows(VerbsException.class, () -> verbs.connect("s0", "unheard-of", QueuePairConfig.of(cq, cq))));
        CompletionQueue foreign = testbed.server().tenant(0).guest().verbs().createCompletionQueue(8);
        errors.add(assertThrows(VerbsException.class, () -> verbs.connect("s0", "svc", QueuePairConfig.of(foreign, cq))));
        MemoryRegion region = verbs.register(0, 4096, Access.LOCAL_WRITE);
        verbs.deregister(region);
        errors.add(assertThrows(VerbsException.class, () -> verbs.deregister(region)));
        for (VerbsException e : errors) {
            assertTrue(e.getMessage().matches("^(register|create_cq|connect|deregister)\\(tenant c0\\): .+"), e.getMessage());
        }
    }

    @Test
    void badNicSettingsNameTheirField() {
        NicConfig base = NicConfig.of("on-demand");
        assertEquals("nic.memory-policy", assertThrows(ConfigurationException.class, () -> base.withMemoryPolicy("pin-some").validate("nic")).field());
        assertEquals("nic.receive-fault-policy", assertThrows(ConfigurationException.class,
                () -> base.withTransport("datagram", "rnr-nack").validate("nic")).field());
        assertEquals("nic.transport", assertThrows(ConfigurationException.class, () -> base.withTransport("carrier-pigeon", "drop").validate("nic")).field());
        assertEquals("nic.tlb.sets", assertThrows(ConfigurationException.class, () -> base.withTlb(100, 8, "lru", "shared", 8).validate("nic")).field());
        assertEquals("nic.tlb.replacement", assertThrows(ConfigurationException.class, () -> base.withTlb(64, 8, "clock", "shared", 8).validate("nic")).field());
        assertEquals("nic.fault-path", assertThrows(ConfigurationException.class, () -> base.withFaultPath("magic").validate("nic")).field());
        assertEquals("nic.memory-policy-by-tenant.s9", assertThrows(ConfigurationException.class,
                () -> base.withMemoryPolicies("on-demand", Map.of("s9", "nope")).validate("nic")).field());
    }
}
