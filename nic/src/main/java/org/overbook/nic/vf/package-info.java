/**
 * The inside of a virtual function: its verbs, its memory regions and keys, completion queues, and
 * the queue pairs' requester (send engine, retransmission) and responder (receive engine, protection
 * checks, receive faults). Package-private machinery behind {@link org.overbook.nic.Nic}.
 *
 * <p>Exported to perf and live alone, which read each VF's counters and staging area.
 */
package org.overbook.nic.vf;
