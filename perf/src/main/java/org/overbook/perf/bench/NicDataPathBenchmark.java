package org.overbook.perf.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.overbook.guest.verbs.Access;
import org.overbook.guest.verbs.CompletionQueue;
import org.overbook.guest.verbs.MemoryRegion;
import org.overbook.guest.verbs.QueuePair;
import org.overbook.guest.verbs.QueuePairConfig;
import org.overbook.guest.verbs.Verbs;
import org.overbook.guest.verbs.WorkRequest;
import org.overbook.hypervisor.HostConfig;
import org.overbook.hypervisor.TenantConfig;
import org.overbook.nic.LinkConfig;
import org.overbook.nic.NicConfig;
import org.overbook.nic.Testbed;
import org.overbook.nic.dma.Translator;

/**
 * The wall-clock cost of simulating one 4 KiB send end to end: the requester's DMA read through the
 * NIC TLB, the link, the responder's DMA write, the receive completion and its handler reposting the
 * buffer, the acknowledgement and the send completion. {@code resident}: every page translated and
 * in the TLB. {@code send-fault}: the send buffer's translation is dropped before each send, as a
 * reclaim would, so each send takes one network page fault (mapping kind) and its round trip.
 *
 * <p>Run: {@code ./overbook bench NicDataPath}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class NicDataPathBenchmark {

    private static final int PAGE = 4096;

    @Param({"resident", "send-fault"})
    String mode;

    private Path directory;
    private Testbed testbed;
    private QueuePair qp;
    private long buffer;
    private int lkey;
    private Translator clientTranslator;
    private long sent;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        directory = Files.createTempDirectory("overbook-bench-");
        HostConfig server = HostConfig.of(64L << 20, 64L << 20, directory.resolve("server"), 1,
                List.of(new TenantConfig("s0", 16L << 20)));
        HostConfig client = HostConfig.of(64L << 20, 0, directory.resolve("client"), 1,
                List.of(new TenantConfig("c0", 16L << 20)));
        testbed = Testbed.create(server, client, NicConfig.of("on-demand"), LinkConfig.fdr(), 1);
        Verbs serverVerbs = testbed.server().tenant(0).guest().verbs();
        long receiveArea = testbed.server().tenant(0).memory().allocate(16 * PAGE);
        MemoryRegion receiveRegion = serverVerbs.register(receiveArea, 16 * PAGE, Access.LOCAL_WRITE);
        CompletionQueue serverCq = serverVerbs.createCompletionQueue(64);
        serverVerbs.listen("bench", QueuePairConfig.of(serverCq, serverCq), accepted -> {
            serverCq.onCompletion(completion -> accepted.postReceive(new WorkRequest.Receive(completion.id(),
                    receiveArea + completion.id() * PAGE, PAGE, receiveRegion.lkey())));
            for (int slot = 0; slot < 16; slot++) {
                accepted.postReceive(new WorkRequest.Receive(slot, receiveArea + (long) slot * PAGE, PAGE, receiveRegion.lkey()));
            }
        });
        Verbs clientVerbs = testbed.client().tenant(0).guest().verbs();
        buffer = testbed.client().tenant(0).memory().allocate(PAGE);
        lkey = clientVerbs.register(buffer, PAGE, Access.LOCAL_WRITE).lkey();
        CompletionQueue clientCq = clientVerbs.createCompletionQueue(64);
        clientCq.onCompletion(completion -> sent++);
        qp = clientVerbs.connect("s0", "bench", QueuePairConfig.of(clientCq, clientCq));
        clientTranslator = testbed.clientNic().vf(0).translator();
        testbed.simulation().run();
        for (int i = 0; i < 100; i++) { // warm the model: first touches, TLB fill
            sendOne();
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        testbed.close();
        try (var paths = Files.walk(directory)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private long sendOne() {
        if ("send-fault".equals(mode)) {
            clientTranslator.invalidate((int) (buffer / PAGE));
        }
        qp.postSend(new WorkRequest.Send(sent, buffer, PAGE, lkey));
        testbed.simulation().run();
        return sent;
    }

    /** Simulates one 4 KiB send to its completion. */
    @Benchmark
    public long send4KiB() {
        return sendOne();
    }
}
