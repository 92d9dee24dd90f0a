package org.overbook.balloon.policy;

import java.util.random.RandomGenerator;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.Named;
import org.overbook.guest.Registry;

/**
 * The balloon allocation policies by name ({@code balloon.policy}), each with a line of description:
 * the built-ins ({@link BuiltinAllocationPolicies}) and whatever {@link AllocationPolicyProvider}s a
 * plug-in loader finds. Each factory takes the configured idle memory tax rate τ.
 */
public final class AllocationPolicies extends Registry<AllocationPolicyFactory> {

    /** The name of the random stream of the balloon manager's policy, derived from the scenario's seed. */
    public static final String STREAM = "balloon/policy";

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
     * Registers a policy that reads parameters or draws at random, under {@code name}.
     *
     * @throws IllegalArgumentException if the name is blank or taken among the built-ins
     */
    public AllocationPolicies register(String name, String description, BalloonPolicyFactory factory) {
        super.register(name, description, factory);
        return this;
    }

    /**
     * Returns a new policy as {@code policy} names it, with its parameters and {@code random}, its own generator.
     *
     * @param field   where the policy is named in the scenario ({@code balloon.policy}), for errors
     * @param idleTax the idle memory tax rate τ in [0, 1)
     * @throws ConfigurationException if no policy has that name, its factory throws or returns nothing, or a parameter is
     *                                wrong or one the policy does not read
     */
    public AllocationPolicy create(String field, Named policy, double idleTax, RandomGenerator random) {
        return instantiate(field, policy, (factory, parameters) -> factory instanceof BalloonPolicyFactory withParameters
                ? withParameters.create(idleTax, parameters, random) : factory.create(idleTax));
    }

    /** Fails, naming where the name sits and the accepted names, unless a policy is called as {@code policy} names it. */
    public void requireKnown(String field, Named policy) {
        factory(policy.nameField(field), policy.name());
    }
}
