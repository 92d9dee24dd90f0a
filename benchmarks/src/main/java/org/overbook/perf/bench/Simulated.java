package org.overbook.perf.bench;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What the whole-run benchmarks' runs simulated in one iteration, which JMH divides by their wall time:
 * secondary scores in requests and events per wall second.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.OPERATIONS)
public class Simulated {
    /** Requests completed, all clients ({@link CompletedRequests}). */
    public long requests;
    /** Simulation events dispatched. */
    public long events;

    @Setup(Level.Iteration)
    public void reset() {
        requests = 0;
        events = 0;
    }
}
