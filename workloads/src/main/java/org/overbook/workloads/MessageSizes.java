package org.overbook.workloads;

/**
 * A workload whose parameters bound the messages it sends. Under NetVM's system buffer a sender takes credits for a
 * whole message before it sends it, so a message that needs more credits than its queue pair holds could never go; an
 * experiments runner refuses such a scenario before it runs, rather than let the workload stop at that message.
 */
public interface MessageSizes {

    /** Returns the most bytes one message (a send or an RDMA write) of this workload carries. */
    int largestMessageBytes();
}
