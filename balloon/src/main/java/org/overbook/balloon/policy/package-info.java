/**
 * Balloon allocation policies: how the balloon manager divides host memory into per-tenant targets.
 * {@link org.overbook.balloon.policy.AllocationPolicies} finds them by name ({@code static},
 * {@code proportional}, {@code idle-tax}); the manager calls them with each tenant's
 * {@link org.overbook.balloon.policy.TenantDemand}. Pure functions of their input: no state, no time.
 */
package org.overbook.balloon.policy;
