package org.overbook.hypervisor;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.Units;
import org.overbook.hypervisor.swap.SwapStore;

/**
 * The host: its RAM, its swap, when reclaim starts and stops, its tenants, and where its files go.
 *
 * @param memoryBytes    host RAM available to guests, a whole number of pages
 * @param swapBytes      capacity of the swap store
 * @param reclaimLow     reclaim starts when free frames fall under this fraction of RAM (Linux's low watermark)
 * @param reclaimHigh    reclaim stops once free frames reach this fraction (Linux's high watermark)
 * @param directory      the run's folder; the swap store's files live here
 * @param keepSwap       keep the swap file after {@link Host#close()}, for inspection
 * @param seed           the scenario seed every random stream derives from
 * @param costs          the cost model
 * @param tenants        the tenants, in order; their index is their id
 * @param resources      the contended resources: CPUs, swap device, swap path, reclaim
 */
public record HostConfig(long memoryBytes, long swapBytes, double reclaimLow, double reclaimHigh,
                         Path directory, boolean keepSwap, long seed, CostModel costs, List<TenantConfig> tenants,
                         HostResources resources) {

    /** Default fraction of RAM under which reclaim starts. */
    public static final double DEFAULT_RECLAIM_LOW = 0.01;
    /** Default fraction of RAM reclaim frees up to. */
    public static final double DEFAULT_RECLAIM_HIGH = 0.02;

    public HostConfig {
        Objects.requireNonNull(directory, "directory");
        Objects.requireNonNull(costs, "costs");
        Objects.requireNonNull(resources, "resources");
        tenants = List.copyOf(tenants);
    }

    /** A host with the default contended resources. */
    public HostConfig(long memoryBytes, long swapBytes, double reclaimLow, double reclaimHigh, Path directory,
                      boolean keepSwap, long seed, CostModel costs, List<TenantConfig> tenants) {
        this(memoryBytes, swapBytes, reclaimLow, reclaimHigh, directory, keepSwap, seed, costs, tenants,
                HostResources.defaults());
    }

    /** Returns this host with other contended resources. */
    public HostConfig withResources(HostResources other) {
        return new HostConfig(memoryBytes, swapBytes, reclaimLow, reclaimHigh, directory, keepSwap, seed, costs,
                tenants, other);
    }

    /** Returns a host with default watermarks and costs. */
    public static HostConfig of(long memoryBytes, long swapBytes, Path directory, long seed, List<TenantConfig> tenants) {
        return new HostConfig(memoryBytes, swapBytes, DEFAULT_RECLAIM_LOW, DEFAULT_RECLAIM_HIGH, directory,
                /* keepSwap= */ false, seed, CostModel.defaults(), tenants);
    }

    /** Returns the host RAM in frames. */
    public long frames() {
        return memoryBytes / GuestMemory.PAGE_SIZE;
    }

    /**
     * Checks everything that can be checked before anything is allocated.
     *
     * @throws ConfigurationException naming the first field at fault
     */
    public void validate() {
        requirePages("host.memory", memoryBytes, /* allowZero= */ false);
        requirePages("host.swap", swapBytes, /* allowZero= */ true);
        if (frames() < 2) {
            throw new ConfigurationException("host.memory", Units.bytes(memoryBytes) + " is one page; reclaim keeps free frames"
                    + " between a low and a higher high watermark, so a host needs two; accepted: 8KiB or more");
        }
        if (frames() > Integer.MAX_VALUE) {
            throw new ConfigurationException("host.memory", Units.bytes(memoryBytes) + " is more frames than the model indexes (at most 8 TiB)");
        }
        if (!(reclaimLow >= 0 && reclaimLow < 1)) {
            throw new ConfigurationException("host.reclaim.low", reclaimLow + " is not a fraction in [0, 1)");
        }
        if (!(reclaimHigh > reclaimLow && reclaimHigh < 1)) {
            throw new ConfigurationException("host.reclaim.high", reclaimHigh + " must be a fraction above host.reclaim.low (" + reclaimLow + ") and below 1");
        }
        resources.validate("host");
        Set<String> names = new HashSet<>();
        long guestBytes = 0;
        for (int i = 0; i < tenants.size(); i++) {
            TenantConfig tenant = tenants.get(i);
            String field = "tenants[" + i + "]";
            if (tenant.name().isBlank()) {
                throw new ConfigurationException(field + ".name", "a tenant needs a name");
            }
            if (!names.add(tenant.name())) {
                throw new ConfigurationException(field + ".name", "'" + tenant.name() + "' is used by another tenant; names must be unique");
            }
            requirePages(field + ".memory", tenant.memoryBytes(), /* allowZero= */ false);
            if (tenant.memoryBytes() / GuestMemory.PAGE_SIZE > Integer.MAX_VALUE) {
                throw new ConfigurationException(field + ".memory", Units.bytes(tenant.memoryBytes()) + " is more pages than a guest may have (at most 8 TiB)");
            }
            guestBytes += tenant.memoryBytes();
            if (guestBytes > memoryBytes + swapBytes) {
                throw new ConfigurationException(field + ".memory", "the tenants' memory (" + Units.bytes(guestBytes)
                        + " up to this one) exceeds host.memory + host.swap (" + Units.bytes(memoryBytes) + " + " + Units.bytes(swapBytes)
                        + "), so an overcommitted page could find no place; raise host.swap to at least "
                        + Units.bytes(Math.max(0, totalGuestBytes() - memoryBytes)) + " or give the tenants less memory");
            }
        }
    }

    /**
     * Returns the most pages the swap store may ever hold: its capacity, or every guest page of the tenants if
     * that is fewer (a page has one copy at most).
     */
    public long swapLimitPages() {
        return Math.min(swapBytes, totalGuestBytes()) / GuestMemory.PAGE_SIZE;
    }

    /** Returns the most disk the swap store may take: it grows with what is swapped, never past its limit. */
    public long maxSwapBytesOnDisk() {
        return SwapStore.maxBytesOnDisk(swapLimitPages());
    }

    /** Returns the sum of the tenants' memory. */
    public long totalGuestBytes() {
        return tenants.stream().mapToLong(TenantConfig::memoryBytes).sum();
    }

    private static void requirePages(String field, long bytes, boolean allowZero) {
        if (bytes < 0 || (bytes == 0 && !allowZero)) {
            throw new ConfigurationException(field, bytes + " bytes; must be " + (allowZero ? "zero or more" : "positive"));
        }
        if (bytes % GuestMemory.PAGE_SIZE != 0) {
            throw new ConfigurationException(field, bytes + " bytes is not a whole number of 4 KiB pages; accepted: a multiple of 4KiB"
                    + " (KiB, MiB and GiB are powers of two, a page of 4 KiB divides them; KB, MB and GB are powers of ten)");
        }
    }
}
