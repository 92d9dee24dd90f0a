/**
 * The NIC model: a physical function and virtual functions assigned to tenants, DMA through a shared
 * NIC TLB, network page faults on send and receive, memory policies and isolation. See DESIGN.md,
 * "The NIC".
 */
package org.overbook.nic;
