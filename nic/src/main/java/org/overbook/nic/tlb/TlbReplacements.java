package org.overbook.nic.tlb;

import org.overbook.guest.PolicyRegistry;

/**
 * The TLB replacement policies by name ({@code nic.tlb.replacement}), each with a line of description: the built-ins
 * ({@link BuiltinTlbPolicies}) and whatever {@link TlbReplacementProvider}s a plug-in loader finds.
 */
public final class TlbReplacements extends PolicyRegistry<TlbReplacementPolicy> {

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
}
