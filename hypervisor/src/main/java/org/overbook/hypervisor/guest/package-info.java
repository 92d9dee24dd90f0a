/**
 * The guest kernel of each tenant: its page allocator, its memory-pressure callbacks, and the
 * implementations of the guest API ({@code Guest}, {@code GuestMemory}) over host memory and the
 * tenant's vCPU. Not exported: workloads see only the guest API.
 */
package org.overbook.hypervisor.guest;
