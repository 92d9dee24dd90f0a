/**
 * The simulation kernel: virtual time in nanoseconds, an event queue of {@link org.overbook.hypervisor.sim.Action}s
 * ordered by (time, insertion sequence), and random streams derived from the scenario seed and a component's name.
 *
 * <p>One simulation runs on one thread; nothing here is shared between simulations, so any number of
 * them can run side by side in one JVM (a sweep) and each gives the same answer it gives alone.
 */
package org.overbook.hypervisor.sim;
