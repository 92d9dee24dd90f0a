/**
 * The swap store: guest pages written out by reclaim, kept in persisted Chronicle Map files keyed by
 * (tenant, guest page), added as pages are swapped so that disk follows what is swapped, not the
 * configured capacity. Used by {@code org.overbook.hypervisor} and its memory package only; not exported.
 */
package org.overbook.hypervisor.swap;
