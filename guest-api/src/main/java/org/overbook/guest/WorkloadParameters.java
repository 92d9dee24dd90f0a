package org.overbook.guest;

import java.util.Map;

/**
 * A workload's parameters as the scenario gives them ({@code tenants[0].workload.params}): every accessor of
 * {@link Parameters}, and the memory of the guest the workload will run in, so that a size that cannot fit is refused
 * before anything runs ({@link #requireFitsGuest}).
 */
public final class WorkloadParameters extends Parameters {

    private final long guestMemoryBytes;

    /**
     * @param path   where these parameters sit in the scenario, for error messages
     * @param values the raw values: numbers, strings with units, booleans, and lists of those
     */
    public WorkloadParameters(String path, Map<String, ?> values) {
        this(path, values, Long.MAX_VALUE);
    }

    /**
     * @param path             where these parameters sit in the scenario, for error messages
     * @param values           the raw values: numbers, strings with units, booleans, and lists of those
     * @param guestMemoryBytes the memory of the guest the workload will run in, so that a size that cannot
     *                         fit is refused before anything runs
     */
    public WorkloadParameters(String path, Map<String, ?> values, long guestMemoryBytes) {
        super(path, values);
        this.guestMemoryBytes = guestMemoryBytes;
    }

    /** Returns parameters with no values, so every accessor returns its default. */
    public static WorkloadParameters empty(String path) {
        return new WorkloadParameters(path, Map.of());
    }

    /** Returns the memory of the guest the workload will run in, in bytes ({@link Long#MAX_VALUE} when not known). */
    public long guestMemoryBytes() {
        return guestMemoryBytes;
    }

    /**
     * Fails unless {@code bytes}, the value of parameter {@code key}, fits in the guest's memory.
     *
     * @throws ConfigurationException naming the parameter, both sizes and what to do
     */
    public void requireFitsGuest(String key, long bytes) {
        if (bytes > guestMemoryBytes) {
            throw new ConfigurationException(field(key), Units.bytes(bytes) + " does not fit in the guest's memory ("
                    + Units.bytes(guestMemoryBytes) + "); accepted: at most the tenant's memory, less what the workload needs "
                    + "besides; raise the tenant's memory or lower " + key);
        }
    }
}
