/**
 * The memcached-like storage engine: items, hash index and LRUs in guest memory, memcached's command
 * semantics over the text protocol of the {@code protocol} package, and memory given back under
 * pressure. {@link org.overbook.workloads.memcached.MemcachedEngine} is the entry point: a server
 * workload feeds it whole request messages and sends back the replies it writes. Everything else here
 * is package-private machinery. Uses the guest API only.
 */
package org.overbook.workloads.memcached;
