package org.overbook.perf.reproduce;

import java.util.List;
import org.overbook.guest.GuestMemory;

/**
 * Headline 5 (ODP-aware MPI, SC'16): an MPI runtime that keeps a pair of eager rings per peer, registered
 * at start whether used or not, and registers the application's buffers for rendezvous through a pin-down
 * cache keeps every byte of them pinned (the pin-down scheme), while with on-demand paging the NIC holds
 * only the pages the neighbours' traffic touched. The job is the {@code mpi-halo} workload: 64 ranks on an
 * 8x8 torus, a colour on each host, four neighbours each, 32 peers each.
 *
 * <p>The figure compares what the NIC holds at the end on the server host's 32 ranks: pinned bytes under the
 * pin-down cache against pages mapped in the NIC page table under on-demand paging (the model pins nothing
 * under on-demand, so a ratio of pinned bytes alone would be infinite; the mapped pages are what the pin-down
 * scheme would have needed to pin had it pinned only what is used). The second figure checks "at the same
 * performance": the ranks' iterations per second. The on-demand point is SC'16's ODP-aware design: its
 * library registers the application's buffers once (implicit ODP) instead of around every rendezvous.
 */
final class OdpMpiPreset {

    static final String NAME = "odp-mpi";
    private static final String POLICY = "nic.memory-policy";
    private static final String ITERATIONS_PER_S = "workload.iterations_per_s";

    private OdpMpiPreset() {
    }

    static Preset preset() {
        return Preset.of(NAME, "an MPI halo exchange's eager rings and buffers: pinned by a pin-down cache vs mapped on demand",
                "Li, Hamidouche, Lu, Subramoni, Zhang, Panda, Designing MPI Library with On-Demand Paging (ODP) of InfiniBand, SC'16",
                "ODP-aware MPI (SC'16): ~11x fewer pinned bytes at the same performance",
                List.of(new Figure("NIC-held bytes: pinned (pin-down cache) / mapped (on-demand)", 11, Shape.above(1), m ->
                                m.point(POLICY, "pin-down-cache").servers("pinned_bytes")
                                        / (m.point(POLICY, "on-demand").servers("nic_mapped_pages") * GuestMemory.PAGE_SIZE)),
                        new Figure("throughput: on-demand / pin-down cache", 1.0, Shape.atLeast(0.95), m ->
                                m.point(POLICY, "on-demand").servers(ITERATIONS_PER_S)
                                        / m.point(POLICY, "pin-down-cache").servers(ITERATIONS_PER_S))));
    }
}
