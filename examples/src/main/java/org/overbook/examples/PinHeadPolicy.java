package org.overbook.examples;

import org.overbook.nic.policy.MemoryPolicies;
import org.overbook.nic.policy.MemoryPolicy;
import org.overbook.nic.policy.MemoryPolicyProvider;
import org.overbook.nic.policy.PinningContext;

/**
 * An example of a user's own memory policy ({@code nic.memory-policy: pin-head}): pins the first MiB of
 * every guest when its VF is attached, where a log's or a ring's head lives, and lets every other page
 * fault in on demand. A middle way between {@code pin-all} (no faults, no overcommit) and
 * {@code on-demand} (nothing pinned). It registers itself as the built-ins do, through a
 * {@link MemoryPolicyProvider} named in {@code META-INF/services}; docs/PLUGINS.md walks through it.
 */
public final class PinHeadPolicy implements MemoryPolicy, MemoryPolicyProvider {

    /** The name scenarios use. */
    public static final String NAME = "pin-head";
    /** How much of the guest, from address 0, is pinned. */
    public static final long HEAD_BYTES = 1 << 20;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void attach(PinningContext context) {
        context.pin(0, Math.min(HEAD_BYTES, context.guestBytes()));
    }

    @Override
    public void registerMemoryPolicies(MemoryPolicies registry) {
        registry.register(NAME, "pin the first MiB of the guest, the rest on demand", PinHeadPolicy::new);
    }
}
