package org.overbook.workloads;

/**
 * A workload that may post RDMA writes. Only the reliable transport carries them: a datagram queue pair refuses an RDMA
 * write when it is posted, as an unreliable datagram QP refuses {@code IBV_WR_RDMA_WRITE}. An experiments runner
 * refuses a scenario that runs such a workload over the datagram transport before it runs, rather than let it stop at
 * its first write.
 */
public interface RdmaWrites {

    /**
     * Returns what the workload writes with RDMA under its parameters, for the refusal ("its messages"), or
     * {@code null} when it posts no RDMA write.
     */
    String rdmaWrites();
}
