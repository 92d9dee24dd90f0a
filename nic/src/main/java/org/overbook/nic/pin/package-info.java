/**
 * The pin-down cache (Tezuka et al.'s registration cache, as kept by MPI libraries): a bounded LRU cache,
 * in a tenant's user-level library, of memory regions that are registered (pinned) with the NIC.
 *
 * <p>{@link org.overbook.nic.pin.PinDownCache} is the cache; {@link org.overbook.nic.pin.PinEvictionListener}
 * is told of each region that leaves it, so the caller can deregister and unpin it.
 *
 * <p>Callers: the {@code pin-down-cache} memory policy of the NIC ({@code org.overbook.nic}), on behalf of
 * one tenant; reports read its counters. Not exported. Not thread-safe: one simulation, one thread.
 */
package org.overbook.nic.pin;
