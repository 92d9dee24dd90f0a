package org.overbook.perf.scenario;

/**
 * The client host as a scenario gives it ({@code client-host}). Its tenants' memory is pinned, so it
 * has no swap and must hold them all.
 *
 * @param memoryBytes RAM for the load generators ({@code client-host.memory})
 * @param cpus        its physical CPUs ({@code client-host.cpus}); 0 for as many as its vCPUs need
 */
public record ClientHostSettings(long memoryBytes, int cpus) {
}
