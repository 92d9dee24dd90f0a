package org.overbook.nic.policy;

import org.overbook.guest.PolicyRegistry;

/**
 * The memory policies by name ({@code nic.memory-policy}), each with a line of description: the built-ins
 * ({@link BuiltinMemoryPolicies}) and whatever {@link MemoryPolicyProvider}s a plug-in loader finds.
 */
public final class MemoryPolicies extends PolicyRegistry<MemoryPolicy> {

    /** Returns an empty registry. */
    public MemoryPolicies() {
        super("memory policy");
    }

    /** Returns the built-ins alone. */
    public static MemoryPolicies builtIn() {
        MemoryPolicies registry = new MemoryPolicies();
        new BuiltinMemoryPolicies().registerMemoryPolicies(registry);
        return registry;
    }

    /** Returns every provider {@code loader} finds: the built-ins and a plug-in loader's jars. */
    public static MemoryPolicies discover(ClassLoader loader) {
        return load(new MemoryPolicies(), MemoryPolicyProvider.class, loader, MemoryPolicyProvider::registerMemoryPolicies);
    }
}
