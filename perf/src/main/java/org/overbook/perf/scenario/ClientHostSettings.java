package org.overbook.perf.scenario;

/**
 * The client host as a scenario gives it ({@code client-host}). Its tenants' memory is pinned, so it
 * has no swap and must hold them all.
 *
 * @param memoryBytes RAM for the load generators ({@code client-host.memory})
 */
public record ClientHostSettings(long memoryBytes) {
}
