package org.overbook.nic.tlb;

import java.util.function.Supplier;
import org.overbook.guest.ConfigurationException;
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
     * Returns the policy called {@code name}.
     *
     * @throws ConfigurationException naming {@code field} and the accepted names if none is, or naming the policy if its
     *                                factory throws or returns nothing
     */
    public TlbReplacementPolicy create(String field, String name) {
        return instantiate(field, name, Supplier::get);
    }
}
