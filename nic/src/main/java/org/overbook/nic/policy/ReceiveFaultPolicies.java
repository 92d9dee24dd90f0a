package org.overbook.nic.policy;

import org.overbook.guest.PolicyRegistry;

/**
 * The receive-fault policies by name ({@code nic.receive-fault-policy}), each with a line of description: the built-ins
 * ({@link BuiltinReceiveFaultPolicies}) and whatever {@link ReceiveFaultPolicyProvider}s a plug-in loader finds.
 */
public final class ReceiveFaultPolicies extends PolicyRegistry<ReceiveFaultPolicy> {

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
}
