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
@Fork(value = 1, jvmArgsAppend = "-XX:+UseParallelGC") // the GC ./overbook runs simulations with
public class ReceiveFaultBenchmark {

    @Param({"rnr-nack", "drop", "backup-ring", "system-buffer"})
    String policy;

    private OneConnection connection;
    private Translator serverTranslator;
    private long posted;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        boolean reliable = policy.equals("rnr-nack") || policy.equals("system-buffer");
        connection = new OneConnection(NicConfig.of("on-demand").withTransport(reliable ? "reliable" : "datagram", policy));
        serverTranslator = connection.testbed.serverNic().vf(0).translator();
        for (int i = 0; i < 50; i++) {
            faultingSend();
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        connection.close();
    }

    private long faultingSend() {
        serverTranslator.invalidate((int) (connection.slot(posted) / OneConnection.PAGE));
        return connection.send(posted++);
    }

    /** Simulates one 4 KiB send whose receive buffer faults, to its completion. */
    @Benchmark
    public long receiveFaultRoundTrip() {
        return faultingSend();
    }
}
