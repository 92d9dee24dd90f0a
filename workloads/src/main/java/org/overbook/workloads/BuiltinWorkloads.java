package org.overbook.workloads;

import org.overbook.guest.WorkloadProvider;
import org.overbook.guest.WorkloadRegistry;
import org.overbook.workloads.client.LoadGenerator;
import org.overbook.workloads.mpi.HaloExchange;
import org.overbook.workloads.rdma.Pattern;
import org.overbook.workloads.rdma.RdmaBenchmark;
import org.overbook.workloads.server.MemcachedServer;
import org.overbook.workloads.touch.MemoryToucher;

/** Registers the workloads that ship with Overbook. */
public final class BuiltinWorkloads implements WorkloadProvider {

    @Override
    public void registerWorkloads(WorkloadRegistry registry) {
        registry.register(MemoryToucher.NAME, "touches a working set with a hot/cold skew and checks every stamp it reads",
                MemoryToucher::new);
        registry.register(MemcachedServer.NAME, "memcached-like server: items in guest memory, text protocol over the VF",
                MemcachedServer::new);
        registry.register(LoadGenerator.MEMASLAP, "memaslap-like load: fixed-size keys and values, get:set 9:1, per-connection windows",
                LoadGenerator::memaslap);
        registry.register(LoadGenerator.ETC, "Facebook ETC load: GEV keys, generalized-Pareto values and gaps, get:set 30:1",
                LoadGenerator::etc);
        registry.register(LoadGenerator.YCSB, "YCSB core workload a..f over memcached (zipfian 0.99, latest for d, scans for e)",
                LoadGenerator::ycsb);
        registry.register(Pattern.WRITE_LATENCY.workloadName(), "RDMA write ping-pong latency over message sizes (ib_write_lat)",
                p -> new RdmaBenchmark(Pattern.WRITE_LATENCY, p));
        registry.register(Pattern.WRITE_BANDWIDTH.workloadName(), "RDMA write streaming bandwidth over message sizes (ib_write_bw)",
                p -> new RdmaBenchmark(Pattern.WRITE_BANDWIDTH, p));
        registry.register(Pattern.SEND_LATENCY.workloadName(), "send/receive ping-pong latency over message sizes (ib_send_lat)",
                p -> new RdmaBenchmark(Pattern.SEND_LATENCY, p));
        registry.register(Pattern.SEND_BANDWIDTH.workloadName(), "send/receive streaming bandwidth over message sizes (ib_send_bw)",
                p -> new RdmaBenchmark(Pattern.SEND_BANDWIDTH, p));
        registry.register(HaloExchange.NAME, "one rank of an MPI-like halo exchange: per-peer eager rings, rendezvous above the eager limit",
                HaloExchange::new);
    }
}
