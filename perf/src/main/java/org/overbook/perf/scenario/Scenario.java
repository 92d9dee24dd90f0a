package org.overbook.perf.scenario;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.overbook.hypervisor.CostModel;
import org.overbook.hypervisor.HostConfig;
import org.overbook.hypervisor.HostResources;
import org.overbook.hypervisor.spi.SwapDeviceModels;
import org.overbook.nic.LinkConfig;
import org.overbook.nic.NicConfig;

/**
 * One resolved scenario: every setting typed and validated, placeholders filled in, sweep axes
 * applied. Immutable, with value equality, so the same point of two sweeps is the same key.
 *
 * @param seed          the seed every random stream derives from
 * @param durationNanos how long the run measures, after the warm-up
 * @param warmUpNanos   how long the run goes before it measures
 * @param host          the server host
 * @param clientHost    the client host, where the load generators run with their memory pinned
 * @param nic           both NICs' settings (the client NIC pins everything) with the NIC costs
 * @param link          the wire between the hosts
 * @param balloon       the balloon manager of the server host
 * @param costs         the hosts' costs (faults, balloon rate); the NIC's are in {@code nic.costs()}
 * @param tenants       the server tenants, in id order
 * @param clients       the client tenants (load generators), in id order
 */
public record Scenario(long seed, long durationNanos, long warmUpNanos, HostSettings host, ClientHostSettings clientHost,
                       NicConfig nic, LinkConfig link, BalloonSettings balloon, CostModel costs,
                       List<TenantSpec> tenants, List<TenantSpec> clients) {

    public Scenario {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(clientHost, "clientHost");
        Objects.requireNonNull(nic, "nic");
        Objects.requireNonNull(link, "link");
        Objects.requireNonNull(balloon, "balloon");
        Objects.requireNonNull(costs, "costs");
        tenants = List.copyOf(tenants);
        clients = List.copyOf(clients);
    }

    /** Returns this scenario under another seed: a replication of it. */
    public Scenario withSeed(long newSeed) {
        return new Scenario(newSeed, durationNanos, warmUpNanos, host, clientHost, nic, link, balloon, costs, tenants, clients);
    }

    /** Returns the virtual time at which a run ends: warm-up plus duration. */
    public long endNanos() {
        return Math.addExact(warmUpNanos, durationNanos);
    }

    /** Returns the server tenants' memory over the server host's RAM (2.0 is 2x overcommit). */
    public double overcommit() {
        return (double) tenants.stream().mapToLong(TenantSpec::memoryBytes).sum() / host.memoryBytes();
    }

    /**
     * Returns the server host's configuration, with its swap file under {@code directory} and its swap device resolved in
     * {@code swapDevices} under this scenario's seed ({@link HostSettings#resources(SwapDeviceModels, long)}).
     *
     * @throws org.overbook.guest.ConfigurationException naming {@code host.swap-device} if the device cannot be resolved
     */
    public HostConfig serverHostConfig(Path directory, SwapDeviceModels swapDevices) {
        return serverHostConfig(directory, host.resources(swapDevices, seed));
    }

    private HostConfig serverHostConfig(Path directory, HostResources resources) {
        return new HostConfig(host.memoryBytes(), host.swapBytes(), host.reclaimLow(), host.reclaimHigh(), directory,
                host.keepSwap(), seed, costs, tenants.stream().map(TenantSpec::config).toList(), resources);
    }

    /** Returns the most disk the swap stores of both hosts may take (the swap device does not change it). */
    public long maxSwapBytesOnDisk() {
        Path nowhere = Path.of("");
        return serverHostConfig(nowhere, host.resources()).maxSwapBytesOnDisk() + clientHostConfig(nowhere).maxSwapBytesOnDisk();
    }

    /** Returns the client host's configuration: no swap (its memory is pinned), default watermarks. */
    public HostConfig clientHostConfig(Path directory) {
        return new HostConfig(clientHost.memoryBytes(), /* swapBytes= */ 0, HostConfig.DEFAULT_RECLAIM_LOW,
                HostConfig.DEFAULT_RECLAIM_HIGH, directory, /* keepSwap= */ false, seed, costs,
                clients.stream().map(TenantSpec::config).toList(), HostResources.defaults().withCpus(clientHost.cpus()));
    }

    /** Returns the names of the server tenants, in id order. */
    public List<String> tenantNames() {
        return tenants.stream().map(TenantSpec::name).toList();
    }

    /** Returns the names of the client tenants, in id order. */
    public List<String> clientNames() {
        return clients.stream().map(TenantSpec::name).toList();
    }
}
