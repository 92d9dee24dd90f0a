package org.overbook.guest;

/**
 * Contributes workloads to a {@link WorkloadRegistry}. A jar that ships workloads names its provider
 * in {@code META-INF/services/org.overbook.guest.WorkloadProvider} (or a module's {@code provides}),
 * and {@link WorkloadRegistry#discover()} finds it.
 */
public interface WorkloadProvider {

    /** Registers this provider's workloads, each under its own name. */
    void registerWorkloads(WorkloadRegistry registry);
}
