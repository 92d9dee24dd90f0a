/**
 * The NIC TLB: the set-associative translation cache that the DMA engine consults for every page,
 * shared by all virtual functions, with a replacement policy ({@link org.overbook.nic.tlb.TlbReplacement})
 * and a partition policy ({@link org.overbook.nic.tlb.TlbPartition}) chosen by name.
 *
 * <p>{@link org.overbook.nic.tlb.NicTlb} is the cache; {@link org.overbook.nic.tlb.TlbConfig} its
 * validated settings; {@link org.overbook.nic.tlb.TlbEvictionListener} hears of every replacement (it
 * drives the CLUSTER 2005 upcalls); {@link org.overbook.nic.tlb.TlbVfStats} is a counter snapshot.
 *
 * <p>Callers: the NIC's DMA engine and translation path in {@code org.overbook.nic}, scenario
 * configuration in {@code perf} (by policy name) and the JMH benchmarks. Everything here runs on the
 * one simulation thread and is not thread-safe.
 *
 * <p>Exported to every module for its plug-in SPI ({@link org.overbook.nic.tlb.TlbReplacementPolicy},
 * {@link org.overbook.nic.tlb.TlbPartitionPolicy}, {@link org.overbook.nic.tlb.TlbCandidates}, their providers and
 * registries), which shares the package with the cache it plugs into.
 */
package org.overbook.nic.tlb;
