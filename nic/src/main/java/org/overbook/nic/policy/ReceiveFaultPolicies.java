package org.overbook.nic.policy;

import java.util.function.Supplier;
import org.overbook.guest.ConfigurationException;
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
     * Returns a new policy called {@code name}.
     *
     * @throws ConfigurationException naming {@code field} and the accepted names if none is, or naming the policy if its
     *                                factory throws or returns nothing
     */
    public ReceiveFaultPolicy create(String field, String name) {
        return instantiate(field, name, Supplier::get);
    }
}
