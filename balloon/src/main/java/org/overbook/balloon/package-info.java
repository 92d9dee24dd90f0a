/**
 * Ballooning after VMware ESX (Waldspurger, OSDI 2002): a driver in each guest that takes pages from
 * the guest allocator so the host can free their frames without swap I/O, and a manager on the host
 * that sets per-tenant targets. See docs/ARCHITECTURE.md ("The model's abstractions") and ESX (Waldspurger, OSDI 2002).
 *
 * <p>{@link org.overbook.balloon.BalloonManager#start} is the way in: it validates a
 * {@link org.overbook.balloon.BalloonConfig} against a host, installs a
 * {@link org.overbook.balloon.BalloonDriver} in every tenant, and samples working sets with a
 * {@link org.overbook.balloon.WorkingSetEstimator} per tenant. Everything runs on the host's simulation
 * thread, in virtual time.
 */
package org.overbook.balloon;
