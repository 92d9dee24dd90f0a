/**
 * The simulation kernel: virtual time in nanoseconds, an event queue of {@link org.overbook.hypervisor.sim.Action}s
 * ordered by (time, insertion sequence), and random streams derived from the scenario seed and a component's name.
 *
 * <p>One simulation runs on one thread; nothing here is shared between simulations, so any number of
 * them can run side by side in one JVM (a sweep) and each gives the same answer it gives alone.
 *
 * <p>Exported to every module for {@link org.overbook.hypervisor.sim.Simulation}, which a program that builds a
 * testbed by hand runs; the vCPU, the physical CPUs, the random streams and {@code Action} are the machinery the
 * nic, balloon and perf modules use.
 */
package org.overbook.hypervisor.sim;
