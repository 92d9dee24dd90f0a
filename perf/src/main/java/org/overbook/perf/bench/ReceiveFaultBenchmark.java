package org.overbook.perf.bench;

import java.io.IOException;
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
 * The wall-clock cost of simulating one receive-fault round trip under each receive-fault policy: the
 * server's receive buffer loses its translation before each 4 KiB send (as a reclaim would), so the
 * message faults on arrival and takes the policy's path (RNR NACK and retry; drop and RTO
 * retransmission; backup ring and copy; system buffer and copy) to its completion.
 *
 * <p>Run: {@code ./overbook bench ReceiveFault}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ReceiveFaultBenchmark {

    private static final int PAGE = 4096;
    private static final int SLOTS = 16;

    @Param({"rnr-nack", "drop", "backup-ring", "system-buffer"})
    String policy;

    private Path directory;
    private Testbed testbed;
    private QueuePair qp;
    private long buffer;
    private int lkey;
    private long receiveArea;
    private Translator serverTranslator;
    private long completed;
    private long posted;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        directory = Files.createTempDirectory("overbook-bench-");
        boolean reliable = policy.equals("rnr-nack") || policy.equals("system-buffer");
        HostConfig server = HostConfig.of(64L << 20, 64L << 20, directory.resolve("server"), 1, List.of(new TenantConfig("s0", 16L << 20)));
        HostConfig client = HostConfig.of(64L << 20, 0, directory.resolve("client"), 1, List.of(new TenantConfig("c0", 16L << 20)));
        NicConfig nic = NicConfig.of("on-demand").withTransport(reliable ? "reliable" : "datagram", policy);
        testbed = Testbed.create(server, client, nic, LinkConfig.fdr(), 1);
        Verbs serverVerbs = testbed.server().tenant(0).guest().verbs();
        receiveArea = testbed.server().tenant(0).memory().allocate(SLOTS * PAGE);
        MemoryRegion receiveRegion = serverVerbs.register(receiveArea, SLOTS * PAGE, Access.LOCAL_WRITE);
        CompletionQueue serverCq = serverVerbs.createCompletionQueue(64);
        serverVerbs.listen("bench", QueuePairConfig.of(serverCq, serverCq), accepted -> {
            serverCq.onCompletion(completion -> accepted.postReceive(new WorkRequest.Receive(completion.id(),
                    receiveArea + completion.id() * PAGE, PAGE, receiveRegion.lkey())));
            for (int slot = 0; slot < SLOTS; slot++) {
                accepted.postReceive(new WorkRequest.Receive(slot, receiveArea + (long) slot * PAGE, PAGE, receiveRegion.lkey()));
            }
        });
        Verbs clientVerbs = testbed.client().tenant(0).guest().verbs();
        buffer = testbed.client().tenant(0).memory().allocate(PAGE);
        lkey = clientVerbs.register(buffer, PAGE, Access.LOCAL_WRITE).lkey();
        CompletionQueue clientCq = clientVerbs.createCompletionQueue(64);
        clientCq.onCompletion(completion -> completed++);
        qp = clientVerbs.connect("s0", "bench", QueuePairConfig.of(clientCq, clientCq));
        serverTranslator = testbed.serverNic().vf(0).translator();
        testbed.simulation().run();
        for (int i = 0; i < 50; i++) {
            faultingSend();
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        testbed.close();
        try (var paths = Files.walk(directory)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private long faultingSend() {
        long slot = posted % SLOTS;
        serverTranslator.invalidate((int) ((receiveArea + slot * PAGE) / PAGE));
        qp.postSend(new WorkRequest.Send(posted++, buffer, PAGE, lkey));
        testbed.simulation().run();
        return completed;
    }

    /** Simulates one 4 KiB send whose receive buffer faults, to its completion. */
    @Benchmark
    public long receiveFaultRoundTrip() {
        return faultingSend();
    }
}
