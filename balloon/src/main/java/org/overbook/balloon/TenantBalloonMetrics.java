package org.overbook.balloon;

/**
 * One tenant's ballooning figures at a moment, for reports.
 *
 * @param tenant             the tenant's name
 * @param targetPages        its target allocation, as the policy last set it
 * @param balloonPages       pages its balloon holds
 * @param balloonTargetPages the size its balloon is moving toward
 * @param residentPages      its pages in host frames
 * @param workingSetFraction the estimated fraction of its memory in active use
 * @param workingSetPages    the estimated active pages
 * @param pagesInflated      pages ballooned, in all
 * @param pagesDeflated      pages given back, in all
 * @param refusals           free pages the driver refused because they were pinned or locked
 * @param pressureRequests   times the driver asked the guest's workloads for memory
 * @param bytesReleased      bytes the workloads gave back when asked
 * @param descheduledNanos   time the tenant was kept from running in the LOW state
 */
public record TenantBalloonMetrics(String tenant, long targetPages, int balloonPages, int balloonTargetPages,
                                   int residentPages, double workingSetFraction, long workingSetPages,
                                   long pagesInflated, long pagesDeflated, long refusals, long pressureRequests,
                                   long bytesReleased, long descheduledNanos) {
}
