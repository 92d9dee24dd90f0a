package org.overbook.examples;

import org.overbook.guest.WorkloadProvider;
import org.overbook.guest.WorkloadRegistry;

/**
 * Offers the example's workloads to Overbook. Named in
 * {@code META-INF/services/org.overbook.guest.WorkloadProvider}, so {@link WorkloadRegistry#discover()}
 * finds it on the class path; a scenario then names the workload: {@code workload: cache-aside}.
 */
public final class ExampleWorkloads implements WorkloadProvider {

    @Override
    public void registerWorkloads(WorkloadRegistry registry) {
        registry.register(CacheAsideClient.NAME, "look-aside cache client with a drifting hot window of keys",
                CacheAsideClient::new);
    }
}
