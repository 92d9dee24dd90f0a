package org.overbook.perf.bench;

import java.io.IOException;
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
import org.overbook.nic.NicConfig;
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
@Fork(value = 1, jvmArgsAppend = "-XX:+UseParallelGC") // the GC ./overbook runs simulations with
public class NicDataPathBenchmark {

    @Param({"resident", "send-fault"})
    String mode;

    private OneConnection connection;
    private Translator clientTranslator;
    private long sent;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        connection = new OneConnection(NicConfig.of("on-demand"));
        clientTranslator = connection.testbed.clientNic().vf(0).translator();
        for (int i = 0; i < 100; i++) { // warm the model: first touches, TLB fill
            sendOne();
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        connection.close();
    }

    private long sendOne() {
        if ("send-fault".equals(mode)) {
            clientTranslator.invalidate((int) (connection.sendBuffer / OneConnection.PAGE));
        }
        return connection.send(sent++);
    }

    /** Simulates one 4 KiB send to its completion. */
    @Benchmark
    public long send4KiB() {
        return sendOne();
    }
}
