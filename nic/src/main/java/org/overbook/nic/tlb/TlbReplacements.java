package org.overbook.nic.tlb;

import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.Named;
import org.overbook.guest.Registry;

/**
 * The TLB replacement policies by name ({@code nic.tlb.replacement}), each with a line of description: the built-ins
 * ({@link BuiltinTlbPolicies}) and whatever {@link TlbReplacementProvider}s a plug-in loader finds.
 */
public final class TlbReplacements extends Registry<Supplier<TlbReplacementPolicy>> {

    /** Returns an empty registry. */
    public TlbReplacements() {
        super("TLB replacement policy");
    }

    /** Returns the built-ins alone. */
    public static TlbReplacements builtIn() {
        TlbReplacements registry = new TlbReplacements();
        new BuiltinTlbPolicies().registerTlbReplacements(registry);
        return registry;
    }

    /** Returns every provider {@code loader} finds: the built-ins and a plug-in loader's jars. */
    public static TlbReplacements discover(ClassLoader loader) {
        return load(new TlbReplacements(), TlbReplacementProvider.class, loader, TlbReplacementProvider::registerTlbReplacements);
    }

    /**
     * Registers a policy that reads parameters or draws at random, under {@code name}.
     *
     * @throws IllegalArgumentException if the name is blank or taken among the built-ins
     */
    public TlbReplacements register(String name, String description, TlbReplacementFactory factory) {
        super.register(name, description, factory);
        return this;
    }

    /**
     * Returns a new policy as {@code policy} names it, with its parameters and {@code random}, its own generator.
     *
     * @param field where the policy is named in the scenario ({@code nic.tlb.replacement}), for errors
     * @throws ConfigurationException naming the field and the accepted names if no policy is called so, naming the policy
     *                                if its factory throws or returns nothing, or naming a parameter that is wrong or that
     *                                the policy does not read
     */
    public TlbReplacementPolicy create(String field, Named policy, RandomGenerator random) {
        return instantiate(field, policy, (factory, parameters) -> factory instanceof TlbReplacementFactory withParameters
                ? withParameters.create(parameters, random) : factory.get());
    }
}
