/**
 * An MPI-like job over the verbs of the guest API: {@link org.overbook.workloads.mpi.HaloExchange}, a halo
 * exchange on a two-dimensional torus of ranks whose runtime keeps, for every remote peer, a ring of eager
 * buffers (used or not) and moves messages above its eager limit by rendezvous from the application's own
 * buffers. The rest is package-private. Uses the guest API only.
 */
package org.overbook.workloads.mpi;
