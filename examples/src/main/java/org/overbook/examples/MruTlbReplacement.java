package org.overbook.examples;

import java.util.random.RandomGenerator;
import org.overbook.nic.tlb.TlbCandidates;
import org.overbook.nic.tlb.TlbReplacementPolicy;
import org.overbook.nic.tlb.TlbReplacementProvider;
import org.overbook.nic.tlb.TlbReplacements;

/**
 * An example NIC TLB replacement policy ({@code nic.tlb.replacement: mru}): replaces the most recently
 * filled or hit entry, which keeps a tenant that streams through more pages than the TLB holds from
 * flushing it. docs/PLUGINS.md, "TLB replacement".
 */
public final class MruTlbReplacement implements TlbReplacementProvider {
    @Override
    public void registerTlbReplacements(TlbReplacements registry) {
        registry.register("mru", "replace the most recently filled or hit entry", () -> new TlbReplacementPolicy() {
            @Override
            public boolean refreshOnHit() {
                return true;
            }

            @Override
            public int victim(TlbCandidates candidates, RandomGenerator random) {
                int newest = 0;
                for (int i = 1; i < candidates.count(); i++) {
                    if (candidates.stamp(i) > candidates.stamp(newest)) {
                        newest = i;
                    }
                }
                return newest;
            }
        });
    }
}
