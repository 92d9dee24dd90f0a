package org.overbook.balloon.policy;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.DoubleFunction;
import org.overbook.guest.ConfigurationException;

/**
 * The balloon allocation policies by name, with a line of description each (after Caffeine's simulator
 * Registry). Each factory takes the configured idle memory tax rate τ.
 *
 * <ul>
 *   <li>{@code static}: each tenant's configured target, whatever the demand.
 *   <li>{@code proportional}: memory in proportion to shares, within reservations (τ = 0).
 *   <li>{@code idle-tax}: ESX's idle memory tax: shares-per-page with idle pages taxed at τ (default 0.75).
 * </ul>
 */
public final class AllocationPolicies {

    private record Entry(String description, DoubleFunction<AllocationPolicy> factory) {
    }

    private static final Map<String, Entry> ENTRIES;

    static {
        Map<String, Entry> entries = new LinkedHashMap<>();
        entries.put("static", new Entry("fixed per-tenant targets from the configuration", tax -> new StaticPolicy()));
        entries.put("proportional", new Entry("memory in proportion to shares, within reservations",
                tax -> new MinFundingRevocation("proportional", 0)));
        entries.put("idle-tax", new Entry("ESX idle memory tax: reclaim first from tenants paying least per page, idle pages taxed at τ",
                tax -> new MinFundingRevocation("idle-tax", tax)));
        ENTRIES = Collections.unmodifiableMap(entries);
    }

    private AllocationPolicies() {
    }

    /**
     * Returns a new policy called {@code name}.
     *
     * @param field   where the name sits in the scenario, for the error
     * @param idleTax the idle memory tax rate τ in [0, 1), used by {@code idle-tax}
     * @throws ConfigurationException if no policy has that name
     */
    public static AllocationPolicy create(String field, String name, double idleTax) {
        requireKnown(field, name);
        return ENTRIES.get(name).factory().apply(idleTax);
    }

    /** Fails, naming {@code field} and the accepted names, unless a policy is called {@code name}. */
    public static void requireKnown(String field, String name) {
        if (!ENTRIES.containsKey(name)) {
            throw new ConfigurationException(field, "unknown balloon policy '" + name + "'; accepted: "
                    + String.join(", ", ENTRIES.keySet()));
        }
    }

    /** Returns the policies' names, in a fixed order. */
    public static Set<String> names() {
        return ENTRIES.keySet();
    }

    /** Returns each policy's name and description, in a fixed order. */
    public static Map<String, String> descriptions() {
        Map<String, String> out = new LinkedHashMap<>();
        ENTRIES.forEach((name, entry) -> out.put(name, entry.description()));
        return Collections.unmodifiableMap(out);
    }
}
