/**
 * The {@code memcached} workload: a memcached-like server in a server tenant that takes requests by
 * receive DMA into posted buffers, runs them on the storage engine of
 * {@link org.overbook.workloads.memcached}, and sends the replies by send DMA.
 * {@link org.overbook.workloads.server.MemcachedServer} is the workload; the rest is package-private.
 * Uses the guest API only.
 */
package org.overbook.workloads.server;
