package org.overbook.balloon;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.overbook.balloon.policy.AllocationPolicies;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.Named;
import org.overbook.guest.Units;
import org.overbook.hypervisor.HostConfig;
import org.overbook.hypervisor.TenantConfig;
import org.overbook.hypervisor.sim.RandomStreams;

/**
 * The balloon manager's settings: its policy, its periods, the free-memory thresholds and each tenant's
 * shares and reservations. Defaults are VMware ESX's (Waldspurger, OSDI 2002).
 *
 * @param policy            the allocation policy by name ({@code static}, {@code proportional}, {@code idle-tax} or a
 *                          plug-in's), with its parameters
 * @param idleTax           the idle memory tax rate τ in [0, 1) used by {@code idle-tax} (ESX: 0.75)
 * @param reallocationNanos how often targets are recomputed (ESX: 15 s)
 * @param samplingNanos     the working-set sampling period (ESX: 30 s)
 * @param samplePages       pages sampled per tenant and period (ESX: 100)
 * @param stateCheckNanos   how often free memory is checked against the thresholds, how long a tenant is
 *                          descheduled at a time in the LOW state, and the period of the manager's paging
 *                          in HARD and LOW (Overbook's choice: 100 ms)
 * @param thresholds        the free-memory thresholds (ESX: 6/4/2/1 %)
 * @param tenants           per-tenant settings; tenants not listed take the defaults
 */
public record BalloonConfig(Named policy, double idleTax, long reallocationNanos, long samplingNanos, int samplePages,
                            long stateCheckNanos, FreeMemoryThresholds thresholds, List<TenantBalloonConfig> tenants) {

    private static final long SECOND = 1_000_000_000L;

    public BalloonConfig {
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(thresholds, "thresholds");
        tenants = List.copyOf(tenants);
    }

    /** Returns settings whose policy is named alone, without parameters. */
    public BalloonConfig(String policy, double idleTax, long reallocationNanos, long samplingNanos, int samplePages,
                         long stateCheckNanos, FreeMemoryThresholds thresholds, List<TenantBalloonConfig> tenants) {
        this(Named.of(policy), idleTax, reallocationNanos, samplingNanos, samplePages, stateCheckNanos, thresholds, tenants);
    }

    /** Returns ESX's defaults: idle-tax with τ = 0.75, 15 s reallocation, 100 pages sampled per 30 s. */
    public static BalloonConfig defaults() {
        return new BalloonConfig("idle-tax", 0.75, 15 * SECOND, 30 * SECOND, 100, SECOND / 10,
                FreeMemoryThresholds.ESX, List.of());
    }

    public BalloonConfig withPolicy(String name) {
        return new BalloonConfig(Named.of(name), idleTax, reallocationNanos, samplingNanos, samplePages, stateCheckNanos, thresholds, tenants);
    }

    public BalloonConfig withIdleTax(double tax) {
        return new BalloonConfig(policy, tax, reallocationNanos, samplingNanos, samplePages, stateCheckNanos, thresholds, tenants);
    }

    /** Returns these settings with other periods (tests and short experiments scale ESX's down). */
    public BalloonConfig withPeriods(long reallocation, long sampling, long stateCheck) {
        return new BalloonConfig(policy, idleTax, reallocation, sampling, samplePages, stateCheck, thresholds, tenants);
    }

    public BalloonConfig withTenants(List<TenantBalloonConfig> list) {
        return new BalloonConfig(policy, idleTax, reallocationNanos, samplingNanos, samplePages, stateCheckNanos, thresholds, list);
    }

    /**
     * Checks these settings against the host they will manage and resolves each tenant's, in tenant
     * id order.
     *
     * @throws ConfigurationException naming the first field at fault
     */
    public List<TenantSettings> resolve(HostConfig host) {
        return resolve(host, AllocationPolicies.builtIn());
    }

    /**
     * Checks these settings against the host they will manage, the policy's name in {@code policies} and its
     * parameters (making it once, with a generator of the host's seed), and resolves each tenant's, in tenant id order.
     *
     * @throws ConfigurationException naming the first field at fault
     */
    public List<TenantSettings> resolve(HostConfig host, AllocationPolicies policies) {
        policies.requireKnown("balloon.policy", policy);
        if (!(idleTax >= 0 && idleTax < 1)) {
            throw new ConfigurationException("balloon.idle-tax", idleTax + " is not a tax rate in [0, 1)");
        }
        requirePositive("balloon.reallocation-period", reallocationNanos);
        requirePositive("balloon.sampling-period", samplingNanos);
        requirePositive("balloon.state-check-period", stateCheckNanos);
        requirePositive("balloon.sample-pages", samplePages);
        thresholds.validate("balloon.thresholds");
        policies.create("balloon.policy", policy, idleTax, new RandomStreams(host.seed()).stream(AllocationPolicies.STREAM));

        List<TenantConfig> hostTenants = host.tenants();
        TenantBalloonConfig[] byId = new TenantBalloonConfig[hostTenants.size()];
        int[] indexOf = new int[hostTenants.size()];
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < tenants.size(); i++) {
            String name = tenants.get(i).tenant();
            int id = idOf(hostTenants, name);
            if (id < 0) {
                throw new ConfigurationException("balloon.tenants[" + i + "].name", "no tenant called '" + name + "'; tenants: "
                        + String.join(", ", hostTenants.stream().map(TenantConfig::name).toList()));
            }
            if (!seen.add(name)) {
                throw new ConfigurationException("balloon.tenants[" + i + "].name", "'" + name + "' is listed twice");
            }
            byId[id] = tenants.get(i);
            indexOf[id] = i;
        }
        List<TenantSettings> resolved = new ArrayList<>();
        long reserved = 0;
        for (int id = 0; id < hostTenants.size(); id++) {
            TenantConfig tenant = hostTenants.get(id);
            TenantBalloonConfig c = byId[id] == null ? TenantBalloonConfig.of(tenant.name()) : byId[id];
            String field = "balloon.tenants[" + (byId[id] == null ? tenant.name() : indexOf[id]) + "]";
            long memory = tenant.memoryBytes();
            long shares = c.sharesOr(memory);
            long min = c.minOr(0);
            long max = c.maxOr(memory);
            long target = c.targetOr(max);
            requirePositive(field + ".shares", shares);
            requirePages(field + ".min", min);
            requirePages(field + ".max", max);
            requirePages(field + ".target", target);
            if (max > memory) {
                throw new ConfigurationException(field + ".max", Units.bytes(max) + " is more than the tenant's memory ("
                        + Units.bytes(memory) + ")");
            }
            if (min > max) {
                throw new ConfigurationException(field + ".min", Units.bytes(min) + " is more than the tenant's maximum ("
                        + Units.bytes(max) + "); a reservation must fit under the limit");
            }
            if (target < min || target > max) {
                throw new ConfigurationException(field + ".target", Units.bytes(target) + " is outside the tenant's reservation ["
                        + Units.bytes(min) + ", " + Units.bytes(max) + "]");
            }
            reserved += min;
            if (reserved > host.memoryBytes()) {
                throw new ConfigurationException(field + ".min", "the tenants' reservations (" + Units.bytes(reserved)
                        + " up to this one) exceed host.memory (" + Units.bytes(host.memoryBytes())
                        + "); no allocation can honour them all (ESX's admission control, OSDI 2002 §6.2)");
            }
            resolved.add(new TenantSettings(id, tenant.name(), shares, pages(min), pages(max), pages(target), pages(memory)));
        }
        return List.copyOf(resolved);
    }

    /**
     * One tenant's resolved settings, in pages.
     *
     * @param id          the tenant's id
     * @param name        the tenant's name
     * @param shares      its memory shares
     * @param minPages    its reservation
     * @param maxPages    its limit
     * @param targetPages its static target
     * @param guestPages  its memory
     */
    public record TenantSettings(int id, String name, long shares, int minPages, int maxPages, int targetPages, int guestPages) {
    }

    private static int idOf(List<TenantConfig> tenants, String name) {
        for (int id = 0; id < tenants.size(); id++) {
            if (tenants.get(id).name().equals(name)) {
                return id;
            }
        }
        return -1;
    }

    private static int pages(long bytes) {
        return Math.toIntExact(bytes / GuestMemory.PAGE_SIZE);
    }

    private static void requirePositive(String field, long value) {
        if (value <= 0) {
            throw new ConfigurationException(field, value + " must be positive");
        }
    }

    private static void requirePages(String field, long bytes) {
        if (bytes < 0 || bytes % GuestMemory.PAGE_SIZE != 0) {
            throw new ConfigurationException(field, bytes + " bytes is not a whole number of 4 KiB pages, zero or more");
        }
    }
}
