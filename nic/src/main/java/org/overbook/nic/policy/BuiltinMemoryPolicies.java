package org.overbook.nic.policy;

/**
 * Registers the memory policies that ship with Overbook, the way a plug-in registers its own.
 *
 * <ul>
 *   <li>{@code pin-all}: every page of the tenant pinned when its VF is attached: no faults, no overcommit.
 *   <li>{@code pin-on-register}: a registration pins its pages; deregistration unpins them.
 *   <li>{@code pin-down-cache}: as pin-on-register, but the tenant's library keeps registrations in a
 *       bounded cache (Tezuka et al.'s pin-down cache) and unpins only on eviction.
 *   <li>{@code on-demand}: nothing pinned; the NIC faults pages in as it touches them (ODP).
 *   <li>{@code prefault}: on-demand, plus the library prefetches each work request's buffer before
 *       posting it (like {@code ibv_advise_mr}), and a region when it is registered, with the advice the
 *       NIC's access allows (for reading where it only reads: see {@link PinningContext#prefetch}).
 * </ul>
 */
public final class BuiltinMemoryPolicies implements MemoryPolicyProvider {

    @Override
    public void registerMemoryPolicies(MemoryPolicies registry) {
        registry.register("pin-all", "pin every guest page when the VF is attached: no faults, no overcommit", PinAll::new);
        registry.register("pin-on-register", "pin a region's pages at registration, unpin at deregistration", PinOnRegister::new);
        registry.register("pin-down-cache", "pin at registration; a bounded cache in the library unpins on eviction", PinDownCachePolicy::new);
        registry.register("on-demand", "pin nothing; the NIC takes network page faults (ODP)", OnDemand::new);
        registry.register("prefault", "on-demand plus prefetch of each buffer before use (ibv_advise_mr)", Prefault::new);
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
