/**
 * The wire between the two hosts: a full-duplex point-to-point link with bandwidth, latency and
 * serialization, and optional seeded loss. Used by the queue pairs of {@code org.overbook.nic.vf}; not exported.
 */
package org.overbook.nic.link;
