package org.overbook.nic.policy;

import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.Named;
import org.overbook.guest.Registry;

/**
 * The receive-fault policies by name ({@code nic.receive-fault-policy}), each with a line of description: the built-ins
 * ({@link BuiltinReceiveFaultPolicies}) and whatever {@link ReceiveFaultPolicyProvider}s a plug-in loader finds.
 */
public final class ReceiveFaultPolicies extends Registry<Supplier<ReceiveFaultPolicy>> {

    /** Returns an empty registry. */
    public ReceiveFaultPolicies() {
        super("receive-fault policy");
    }

    /** Returns the built-ins alone. */
    public static ReceiveFaultPolicies builtIn() {
        ReceiveFaultPolicies registry = new ReceiveFaultPolicies();
        new BuiltinReceiveFaultPolicies().registerReceiveFaultPolicies(registry);
        return registry;
    }

    /** Returns every provider {@code loader} finds: the built-ins and a plug-in loader's jars. */
    public static ReceiveFaultPolicies discover(ClassLoader loader) {
        return load(new ReceiveFaultPolicies(), ReceiveFaultPolicyProvider.class, loader,
                ReceiveFaultPolicyProvider::registerReceiveFaultPolicies);
    }

    /**
     * Registers a policy that reads parameters or draws at random, under {@code name}.
     *
     * @throws IllegalArgumentException if the name is blank or taken among the built-ins
     */
    public ReceiveFaultPolicies register(String name, String description, ReceiveFaultPolicyFactory factory) {
        super.register(name, description, factory);
        return this;
    }

    /**
     * Returns a new policy as {@code policy} names it, with its parameters and {@code random}, its own generator.
     *
     * @param field where the policy is named in the scenario ({@code nic.receive-fault-policy}), for errors
     * @throws ConfigurationException naming the field and the accepted names if no policy is called so, naming the policy
     *                                if its factory throws or returns nothing, or naming a parameter that is wrong or that
     *                                the policy does not read
     */
    public ReceiveFaultPolicy create(String field, Named policy, RandomGenerator random) {
        return instantiate(field, policy, (factory, parameters) -> factory instanceof ReceiveFaultPolicyFactory withParameters
                ? withParameters.create(parameters, random) : factory.get());
    }
}
