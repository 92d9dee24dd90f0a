/**
 * The NIC model: a physical function and virtual functions assigned to tenants, DMA through a shared
 * NIC TLB, network page faults on send and receive, memory policies and isolation. See
 * docs/ARCHITECTURE.md ("The model's abstractions", "The data path").
 */
package org.overbook.nic;
