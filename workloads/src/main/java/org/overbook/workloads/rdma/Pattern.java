package org.overbook.workloads.rdma;

/** What an RDMA microbenchmark measures, by the name a scenario uses. */
public enum Pattern {
    /** Ping-pong of RDMA writes, each detected through an event counter (ib_write_lat). */
    WRITE_LATENCY("rdma-write-latency", true, true),
    /** A stream of RDMA writes with a window outstanding (ib_write_bw). */
    WRITE_BANDWIDTH("rdma-write-bandwidth", true, false),
    /** Ping-pong of sends into posted receives (ib_send_lat). */
    SEND_LATENCY("rdma-send-latency", false, true),
    /** A stream of sends into posted receives (ib_send_bw). */
    SEND_BANDWIDTH("rdma-send-bandwidth", false, false);

    private final String workloadName;
    private final boolean writes;
    private final boolean pingPong;

    Pattern(String workloadName, boolean writes, boolean pingPong) {
        this.workloadName = workloadName;
        this.writes = writes;
        this.pingPong = pingPong;
    }

    /** Returns the name the workload is registered under. */
    public String workloadName() {
        return workloadName;
    }

    /** Returns whether the messages are RDMA writes (else sends). */
    public boolean writes() {
        return writes;
    }

    /** Returns whether this is a ping-pong (else a stream). */
    public boolean pingPong() {
        return pingPong;
    }
}
