package org.overbook.nic.tlb;

/**
 * Contributes TLB replacement policies to a {@link TlbReplacements} registry. A jar names its provider in
 * {@code META-INF/services/org.overbook.nic.tlb.TlbReplacementProvider}.
 */
public interface TlbReplacementProvider {

    /** Registers this provider's policies, each under its own name. */
    void registerTlbReplacements(TlbReplacements registry);
}
