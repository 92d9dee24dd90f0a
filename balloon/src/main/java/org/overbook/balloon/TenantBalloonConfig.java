package org.overbook.balloon;

import java.util.Objects;

/**
 * One tenant's ballooning settings; any left {@link #UNSET} takes its default.
 *
 * @param tenant      the tenant's name, as the host configuration gives it
 * @param shares      its memory shares (default: ESX's "normal", 10 per MiB of the tenant's memory)
 * @param minBytes    its reservation: the policy never targets less, the balloon never takes more
 *                    than the rest (default 0)
 * @param maxBytes    its limit: the balloon always holds at least the memory above it (default: all
 *                    of the tenant's memory)
 * @param targetBytes its fixed target under the {@code static} policy (default: its limit)
 */
public record TenantBalloonConfig(String tenant, long shares, long minBytes, long maxBytes, long targetBytes) {

    /** A setting left to its default. */
    public static final long UNSET = -1;

    /** ESX's default ("normal") shares: 10 per MiB of configured memory. */
    public static final long SHARES_PER_MIB = 10;

    public TenantBalloonConfig {
        Objects.requireNonNull(tenant, "tenant");
    }

    /** Returns settings for {@code tenant} with every value left to its default. */
    public static TenantBalloonConfig of(String tenant) {
        return new TenantBalloonConfig(tenant, UNSET, UNSET, UNSET, UNSET);
    }

    public TenantBalloonConfig withShares(long value) {
        return new TenantBalloonConfig(tenant, value, minBytes, maxBytes, targetBytes);
    }

    public TenantBalloonConfig withMinBytes(long value) {
        return new TenantBalloonConfig(tenant, shares, value, maxBytes, targetBytes);
    }

    public TenantBalloonConfig withMaxBytes(long value) {
        return new TenantBalloonConfig(tenant, shares, minBytes, value, targetBytes);
    }

    public TenantBalloonConfig withTargetBytes(long value) {
        return new TenantBalloonConfig(tenant, shares, minBytes, maxBytes, value);
    }

    /** Returns the shares, or the default for a tenant of {@code memoryBytes}. */
    long sharesOr(long memoryBytes) {
        return shares == UNSET ? Math.max(1, SHARES_PER_MIB * (memoryBytes >> 20)) : shares;
    }

    long minOr(long fallback) {
        return minBytes == UNSET ? fallback : minBytes;
    }

    long maxOr(long fallback) {
        return maxBytes == UNSET ? fallback : maxBytes;
    }

    long targetOr(long fallback) {
        return targetBytes == UNSET ? fallback : targetBytes;
    }
}
