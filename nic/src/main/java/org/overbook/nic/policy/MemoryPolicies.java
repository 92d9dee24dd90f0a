package org.overbook.nic.policy;

import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.Named;
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
     * Registers a policy that reads parameters or draws at random, under {@code name}.
     *
     * @throws IllegalArgumentException if the name is blank or taken among the built-ins
     */
    public MemoryPolicies register(String name, String description, MemoryPolicyFactory factory) {
        super.register(name, description, factory);
        return this;
    }

    /**
     * Returns a new policy as {@code policy} names it, with its parameters and {@code random}, its own generator.
     *
     * @param field where the policy is named in the scenario ({@code nic.memory-policy}), for errors
     * @throws ConfigurationException naming the field and the accepted names if no policy is called so, naming the policy
     *                                if its factory throws or returns nothing, or naming a parameter that is wrong or that
     *                                the policy does not read
     */
    public MemoryPolicy create(String field, Named policy, RandomGenerator random) {
        return instantiate(field, policy, (factory, parameters) -> factory instanceof MemoryPolicyFactory withParameters
                ? withParameters.create(parameters, random) : factory.get());
    }
}
