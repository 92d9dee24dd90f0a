package org.overbook.hypervisor.resource;

/**
 * How much of a resource a window used.
 *
 * @param name             the resource
 * @param servers          how many requests it serves at once
 * @param utilisation      busy server time over the window's server time, 0 to 1
 * @param requestsPerSecond requests taken per second of the window
 * @param meanWaitNanos    mean wait before service
 * @param p99WaitNanos     99th percentile of that wait
 * @param meanQueueLength  requests waiting, on average over the window (Little's law: total wait / window)
 * @param requests         requests taken in the window
 */
public record ResourceUsage(String name, int servers, double utilisation, double requestsPerSecond,
                            double meanWaitNanos, long p99WaitNanos, double meanQueueLength, long requests) {
}
