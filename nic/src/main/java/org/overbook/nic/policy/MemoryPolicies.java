package org.overbook.nic.policy;

import java.util.function.Supplier;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.Registry;

/**
 * The memory policies by name ({@code nic.memory-policy}), each with a line of description: the built-ins
 * ({@link BuiltinMemoryPolicies}) and whatever {@link MemoryPolicyProvider}s a plug-in loader finds.
 */
public final class MemoryPolicies extends Registry<Supplier<MemoryPolicy>> {

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

    /**
     * Returns a new policy called {@code name}.
     *
     * @throws ConfigurationException naming {@code field} and the accepted names if none is, or naming the policy if its
     *                                factory throws or returns nothing
     */
    public MemoryPolicy create(String field, String name) {
        return instantiate(field, name, Supplier::get);
    }
}
