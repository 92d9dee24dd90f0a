package org.overbook.nic.testing;

/**
 * The Java source of a memory-policy plug-in as a user writes one against the NIC's policy SPI alone: it pins the first
 * MiB of every guest and leaves the rest on demand. For the tests that compile a plug-in outside the reactor and load
 * its jar (perf's {@code --plugins} tests, the cluster's); shared through this module's test jar.
 */
public final class PinFirstMibSource {

    private PinFirstMibSource() {
    }

    /** Returns the source of {@code pkg.simpleName}, a provider registering the policy as {@code name}. */
    public static String of(String pkg, String simpleName, String name) {
        return """
                package %1$s;

                import org.overbook.nic.policy.MemoryPolicy;
                import org.overbook.nic.policy.MemoryPolicyProvider;
                import org.overbook.nic.policy.MemoryPolicies;
                import org.overbook.nic.policy.PinningContext;

                /** Pins the first MiB of every guest and faults the rest in on demand. */
                public final class %2$s implements MemoryPolicyProvider {
                    @Override
                    public void registerMemoryPolicies(MemoryPolicies registry) {
                        registry.register("%3$s", "pin the first MiB of the guest, the rest on demand", () -> new MemoryPolicy() {
                            @Override
                            public String name() {
                                return "%3$s";
                            }

                            @Override
                            public void attach(PinningContext context) {
                                context.pin(0, Math.min(1 << 20, context.guestBytes()));
                            }
                        });
                    }
                }
                """.formatted(pkg, simpleName, name);
    }
}
