package org.overbook.guest;

import java.util.function.Supplier;
import java.util.random.RandomGenerator;

/**
 * The registry of a family whose policies are made by a {@link PolicyFactory}, from the scenario's parameters and a
 * seeded generator, or by a plain {@link Supplier}, the older shape, which reads no parameter: memory, receive-fault,
 * TLB replacement and TLB partition policies. Both shapes share the one map of names ({@link Registry}), so a plug-in
 * compiled against the older shape registers and runs as before.
 *
 * @param <P> the family's policy type
 */
public abstract class PolicyRegistry<P> extends Registry<Supplier<P>> {

    /** Returns an empty registry of {@code noun}s ({@code "memory policy"}), the word its errors use. */
    protected PolicyRegistry(String noun) {
        super(noun);
    }

    /**
     * Registers a policy that reads parameters or draws at random, under {@code name}.
     *
     * @throws IllegalArgumentException if the name is blank or taken among the built-ins
     */
    public PolicyRegistry<P> register(String name, String description, PolicyFactory<P> factory) {
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
    public final P create(String field, Named policy, RandomGenerator random) {
        return instantiate(field, policy, (factory, parameters) -> factory instanceof PolicyFactory<P> withParameters
                ? withParameters.create(parameters, random) : factory.get());
    }
}
