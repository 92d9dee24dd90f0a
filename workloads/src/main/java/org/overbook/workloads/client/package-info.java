/**
 * The load generators {@code memaslap}, {@code etc} and {@code ycsb}: client-tenant workloads that
 * connect to memcached server tenants, load their keys, drive requests closed or open loop, record
 * latency in HdrHistogram and check every value read (verify mode).
 * {@link org.overbook.workloads.client.LoadGenerator} is the workload; the profiles, connections and
 * verifier are package-private. Uses the guest API only.
 */
package org.overbook.workloads.client;
