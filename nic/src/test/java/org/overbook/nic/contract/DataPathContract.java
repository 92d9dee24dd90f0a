package org.overbook.nic.contract;


import org.junit.jupiter.api.Test;
import org.overbook.nic.LinkConfig;
import org.overbook.nic.NicConfig;
import org.overbook.nic.Testbed;
import org.overbook.nic.VfCounters;
import org.overbook.nic.vf.VirtualFunction;

/**
 * The data-path contract every memory policy must keep (after JCTools' QueueSanityTest: one abstract
 * test, one subclass per implementation). Two client tenants (memory pinned) send random-sized
 * messages, sends and RDMA writes with immediate mixed, to two server tenants at 2x overcommit whose
 * own work keeps reclaim running: every byte arrives intact and in order, and no completion is lost.
 */
abstract class DataPathContract {

    static final int MESSAGES = ContractRun.MESSAGES;
    static final int SERVER_PAGES = ContractRun.SERVER_PAGES;

    /** Returns the NIC configuration under test. */
    abstract NicConfig nic();

    /** Returns the link; lossless unless a subclass says otherwise. */
    LinkConfig link() {
        return LinkConfig.fdr();
    }

    /** Whether the transport carries RDMA writes. */
    boolean writes() {
        return true;
    }

    /** Returns the pages of server tenant {@code s}; together twice the server's frames. */
    int serverPages(int s) {
        return SERVER_PAGES;
    }

    /** Checks specific to the policy, on the finished testbed. */
    void checkPolicy(Testbed testbed) {
    }

    @Test
    void everyByteArrivesIntactAndInOrderWithNoCompletionLost() throws Exception {
        ContractRun.execute(nic(), link(), writes(), new int[] {serverPages(0), serverPages(1)}, this::checkPolicy);
    }

    static long receiveFaults(VirtualFunction vf) {
        return vf.counters().faults(VfCounters.Side.RECEIVE);
    }

    static long allFaults(VirtualFunction vf) {
        return vf.counters().faults(VfCounters.Side.RECEIVE) + vf.counters().faults(VfCounters.Side.SEND);
    }
}
