package org.overbook.nic.contract;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.overbook.nic.LinkConfig;
import org.overbook.nic.NicConfig;
import org.overbook.nic.Testbed;
import org.overbook.nic.vf.VirtualFunction;

/**
 * The data-path contract on a lossy datagram transport with the {@code drop} receive-fault policy:
 * lost packets and faulted receives are discarded, and retransmission after the RTO still delivers
 * everything, in order. Sends only: RDMA writes need the reliable transport.
 */
class DatagramDropContractTest extends DataPathContract {

    @Override
    NicConfig nic() {
        return NicConfig.of("on-demand").withTransport("datagram", "drop");
    }

    @Override
    LinkConfig link() {
        return LinkConfig.fdr().withLoss(0.01);
    }

    @Override
    boolean writes() {
        return false;
    }

    @Override
    void checkPolicy(Testbed testbed) {
        long drops = 0;
        long timeouts = 0;
        for (VirtualFunction vf : testbed.serverNic().vfs()) {
            drops += vf.counters().drops();
        }
        for (VirtualFunction vf : testbed.clientNic().vfs()) {
            timeouts += vf.counters().timeouts();
        }
        assertTrue(testbed.link().from(0).lost() + testbed.link().from(1).lost() > 0, "the link lost packets");
        assertTrue(drops > 0, "faulted receives were dropped");
        assertTrue(timeouts > 0, "the senders recovered by timeout");
    }
}
