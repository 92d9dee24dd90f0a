package org.overbook.nic.policy;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.overbook.guest.ConfigurationException;

/**
 * The memory policies by name, with a line of description each (after Caffeine's simulator Registry).
 *
 * <ul>
 *   <li>{@code pin-all}: every page of the tenant pinned when its VF is attached: no faults, no overcommit.
 *   <li>{@code pin-on-register}: a registration pins its pages; deregistration unpins them.
 *   <li>{@code pin-down-cache}: as pin-on-register, but the tenant's library keeps registrations in a
 *       bounded cache (Tezuka et al.'s pin-down cache) and unpins only on eviction.
 *   <li>{@code on-demand}: nothing pinned; the NIC faults pages in as it touches them (ODP).
 *   <li>{@code prefault}: on-demand, plus the library prefetches each work request's buffer before
 *       posting it (like {@code ibv_advise_mr}), and a region when it is registered.
 * </ul>
 */
public final class MemoryPolicies {

    private record Entry(String description, Supplier<MemoryPolicy> factory) {
    }

    private static final Map<String, Entry> ENTRIES;

    static {
        Map<String, Entry> entries = new LinkedHashMap<>();
        entries.put("pin-all", new Entry("pin every guest page when the VF is attached: no faults, no overcommit", PinAll::new));
        entries.put("pin-on-register", new Entry("pin a region's pages at registration, unpin at deregistration", PinOnRegister::new));
        entries.put("pin-down-cache", new Entry("pin at registration; a bounded cache in the library unpins on eviction", PinDownCachePolicy::new));
        entries.put("on-demand", new Entry("pin nothing; the NIC takes network page faults (ODP)", OnDemand::new));
        entries.put("prefault", new Entry("on-demand plus prefetch of each buffer before use (ibv_advise_mr)", Prefault::new));
        ENTRIES = Collections.unmodifiableMap(entries);
    }

    private MemoryPolicies() {
    }

    /** Returns a new policy called {@code name}; {@code field} names the scenario field in the error. */
    public static MemoryPolicy create(String field, String name) {
        Entry entry = ENTRIES.get(name);
        if (entry == null) {
            throw new ConfigurationException(field, "unknown memory policy '" + name + "'; accepted: " + String.join(", ", ENTRIES.keySet()));
        }
        return entry.factory().get();
    }

    /** Returns each policy's name and description, in a fixed order. */
    public static Map<String, String> descriptions() {
        Map<String, String> out = new LinkedHashMap<>();
        ENTRIES.forEach((name, entry) -> out.put(name, entry.description()));
        return out;
    }

    static final class PinAll implements MemoryPolicy {
        @Override
        public String name() {
            return "pin-all";
        }

        @Override
        public void attach(PinningContext context) {
            context.pin(0, context.guestBytes());
        }
    }

    static class PinOnRegister implements MemoryPolicy {
        @Override
        public String name() {
            return "pin-on-register";
        }

        @Override
        public void register(PinningContext context, long address, long length, boolean onDemand) {
            if (!onDemand) {
                context.pin(address, length);
            }
        }

        @Override
        public void deregister(PinningContext context, long address, long length, boolean onDemand) {
            if (!onDemand) {
                context.unpin(address, length);
            }
        }
    }

    static final class PinDownCachePolicy extends PinOnRegister {
        @Override
        public String name() {
            return "pin-down-cache";
        }

        @Override
        public boolean cachesRegistrations() {
            return true;
        }
    }

    static final class OnDemand implements MemoryPolicy {
        @Override
        public String name() {
            return "on-demand";
        }
    }

    static final class Prefault implements MemoryPolicy {
        @Override
        public String name() {
            return "prefault";
        }

        @Override
        public void register(PinningContext context, long address, long length, boolean onDemand) {
            context.prefetch(address, length);
        }

        @Override
        public void beforePost(PinningContext context, long address, int length) {
            if (length > 0) {
                context.prefetch(address, length);
            }
        }
    }
}
