package org.overbook.balloon.policy;

import org.overbook.guest.ConfigurationException;
import org.overbook.guest.Registry;

/**
 * The balloon allocation policies by name ({@code balloon.policy}), each with a line of description:
 * the built-ins ({@link BuiltinAllocationPolicies}) and whatever {@link AllocationPolicyProvider}s a
 * plug-in loader finds. Each factory takes the configured idle memory tax rate τ.
 */
public final class AllocationPolicies extends Registry<AllocationPolicyFactory> {

    /** Returns an empty registry. */
    public AllocationPolicies() {
        super("balloon policy");
    }

    /** Returns the built-ins alone. */
    public static AllocationPolicies builtIn() {
        AllocationPolicies registry = new AllocationPolicies();
        new BuiltinAllocationPolicies().registerAllocationPolicies(registry);
        return registry;
    }

    /** Returns every provider {@code loader} finds: the built-ins and a plug-in loader's jars. */
    public static AllocationPolicies discover(ClassLoader loader) {
        return load(new AllocationPolicies(), AllocationPolicyProvider.class, loader, AllocationPolicyProvider::registerAllocationPolicies);
    }

    /**
     * Returns a new policy called {@code name}.
     *
     * @param field   where the name sits in the scenario, for the error
     * @param idleTax the idle memory tax rate τ in [0, 1)
     * @throws ConfigurationException if no policy has that name, or its factory throws or returns nothing
     */
    public AllocationPolicy create(String field, String name, double idleTax) {
        return instantiate(field, name, factory -> factory.create(idleTax));
    }

    /** Fails, naming {@code field} and the accepted names, unless a policy is called {@code name}. */
    public void requireKnown(String field, String name) {
        factory(field, name);
    }
}
