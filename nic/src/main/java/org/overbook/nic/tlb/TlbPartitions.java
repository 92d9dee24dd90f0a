package org.overbook.nic.tlb;

import org.overbook.guest.PolicyRegistry;

/**
 * The TLB partition policies by name ({@code nic.tlb.partition}), each with a line of description: the built-ins
 * ({@link BuiltinTlbPolicies}) and whatever {@link TlbPartitionProvider}s a plug-in loader finds.
 */
public final class TlbPartitions extends PolicyRegistry<TlbPartitionPolicy> {

    /** Returns an empty registry. */
    public TlbPartitions() {
        super("TLB partition policy");
    }

    /** Returns the built-ins alone. */
    public static TlbPartitions builtIn() {
        TlbPartitions registry = new TlbPartitions();
        new BuiltinTlbPolicies().registerTlbPartitions(registry);
        return registry;
    }

    /** Returns every provider {@code loader} finds: the built-ins and a plug-in loader's jars. */
    public static TlbPartitions discover(ClassLoader loader) {
        return load(new TlbPartitions(), TlbPartitionProvider.class, loader, TlbPartitionProvider::registerTlbPartitions);
    }
}
