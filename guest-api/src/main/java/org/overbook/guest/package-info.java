/**
 * The guest API: the whole surface a workload is written against.
 *
 * <p>A {@link org.overbook.guest.Workload} is started with a {@link org.overbook.guest.Guest}, its
 * handle on the tenant it runs in: {@link org.overbook.guest.GuestMemory} (a flat guest address
 * space whose pages the host may have swapped out), the vCPU clock it charges work to, scheduling, and
 * a random stream of its own. Workloads are found by name in a {@link org.overbook.guest.WorkloadRegistry},
 * filled from {@link org.overbook.guest.WorkloadProvider}s found with {@link java.util.ServiceLoader}.
 *
 * <p>Everything here is called from one simulation thread; nothing in it is thread-safe, and nothing
 * needs to be.
 */
package org.overbook.guest;
