/**
 * The guest API: the whole surface a workload is written against.
 *
 * <p>A {@link org.overbook.guest.Workload} is started with a {@link org.overbook.guest.Guest}, its
 * handle on the tenant it runs in: {@link org.overbook.guest.GuestMemory} (a flat guest address
 * space whose pages the host may have swapped out), the vCPU clock it charges work to, scheduling, and
 * a random stream of its own. Workloads are found by name in a {@link org.overbook.guest.WorkloadRegistry},
 * filled from {@link org.overbook.guest.WorkloadProvider}s found with {@link java.util.ServiceLoader}.
 *
 * <p>What every plug-in family shares lives here too: the {@link org.overbook.guest.Registry} of names, an entry as a
 * scenario names it with its parameters ({@link org.overbook.guest.Named}), the parameters read through checked
 * accessors ({@link org.overbook.guest.Parameters}, a workload's {@link org.overbook.guest.WorkloadParameters}), and the
 * factory and registry of the policy families made from parameters and a seeded generator
 * ({@link org.overbook.guest.PolicyFactory}, {@link org.overbook.guest.PolicyRegistry}).
 *
 * <p>Everything here is called from one simulation thread; nothing in it is thread-safe, and nothing
 * needs to be.
 */
package org.overbook.guest;
