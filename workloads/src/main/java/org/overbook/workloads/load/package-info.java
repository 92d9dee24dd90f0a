/**
 * Operation streams of the load generators (memaslap-like, Facebook ETC, YCSB core workloads A-F),
 * and the deterministic rendering of keys and values from ids that clients and verifiers share.
 *
 * <p>A stream turns draws from a {@link java.util.random.RandomGenerator} into {@link
 * org.overbook.workloads.load.Operation}s: which key, how long the key and the value are, what kind
 * of request. It knows nothing of protocols, connections or time; the load generator workloads
 * wrap a stream with an arrival process and a protocol client. Internal to the workloads module.
 */
package org.overbook.workloads.load;
