/**
 * RDMA microbenchmarks in the manner of perftest's {@code ib_write_lat}, {@code ib_write_bw},
 * {@code ib_send_lat} and {@code ib_send_bw}: ping-pong latency and streaming bandwidth of RDMA
 * writes and of sends over message sizes from 8 B to 4 MiB, with an optional registration around
 * every message. {@link org.overbook.workloads.rdma.RdmaBenchmark} is the workload (one class for the
 * four registered names, a client and a server role); the rest is package-private. Uses the guest API
 * only.
 */
package org.overbook.workloads.rdma;
