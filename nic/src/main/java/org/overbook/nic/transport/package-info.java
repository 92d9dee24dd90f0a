/**
 * Transport rules of the reliable-connected service that the NIC model follows: the InfiniBand RNR NAK
 * timer encoding ({@link org.overbook.nic.transport.RnrTimer}) and the requester's RNR retry budget
 * ({@link org.overbook.nic.transport.RnrRetryCounter}).
 *
 * <p>Callers: the {@code rnr-nack} receive-fault policy and the queue pairs of {@code org.overbook.nic}; not
 * exported. Pure values and one small per-queue-pair counter; no clock.
 */
package org.overbook.nic.transport;
