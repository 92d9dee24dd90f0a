/**
 * The swap store: guest pages written out by reclaim, kept in a persisted Chronicle Map keyed by
 * (tenant, guest page). Used by {@code org.overbook.hypervisor.memory} only; not exported.
 */
package org.overbook.hypervisor.swap;
