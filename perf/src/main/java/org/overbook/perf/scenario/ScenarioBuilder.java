package org.overbook.perf.scenario;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.overbook.balloon.BalloonManager;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.Workload;
import org.overbook.guest.WorkloadRegistry;
import org.overbook.perf.plugin.Catalog;
import org.overbook.hypervisor.Host;
import org.overbook.nic.Testbed;

/**
 * Turns one resolved {@link Scenario} into running objects: the testbed (both hosts, their NICs and the
 * link), a workload booted in every tenant, and the balloon manager if enabled. Nothing runs until the
 * caller drives the simulation, typically with {@code runUntil(scenario.endNanos())}.
 */
public final class ScenarioBuilder {

    /** Sub-folder of the run's folder holding the server host's swap file. */
    public static final String SERVER_HOST_DIRECTORY = "server-host";
    /** Sub-folder holding the client host's (empty) swap file. */
    public static final String CLIENT_HOST_DIRECTORY = "client-host";

    private final Catalog catalog;

    /** Returns a builder that resolves workload and policy names in {@code catalog}. */
    public ScenarioBuilder(Catalog catalog) {
        this.catalog = Objects.requireNonNull(catalog, "catalog");
    }

    /** Returns a builder that creates workloads from {@code registry}, with the built-in policies. */
    public ScenarioBuilder(WorkloadRegistry registry) {
        this(Catalog.builtIn().withWorkloads(registry));
    }

    /**
     * Builds {@code scenario}; each host's swap file goes in its own folder under {@code directory}
     * ({@value #SERVER_HOST_DIRECTORY}, {@value #CLIENT_HOST_DIRECTORY}), created if needed. Workloads
     * are booted at virtual time zero, in tenant order, server tenants first, each told when the scenario's
     * measured window opens (its warm-up), so a load generator measures the window the host is measured over.
     * The server host's swap device is resolved here, under the scenario's seed (a replication's own), as the testbed's
     * policies are.
     *
     * @throws org.overbook.guest.ConfigurationException naming the field at fault, and the seed when the hosts or their
     *         policies refused what they drew under it; nothing is left open
     */
    public Deployment build(Scenario scenario, Path directory) {
        Path serverDirectory = directory(directory.resolve(SERVER_HOST_DIRECTORY));
        Path clientDirectory = directory(directory.resolve(CLIENT_HOST_DIRECTORY));
        Testbed testbed = testbed(scenario, serverDirectory, clientDirectory);
        try {
            List<Workload> servers = boot(testbed.server(), scenario.tenants(), scenario.warmUpNanos());
            List<Workload> clients = boot(testbed.client(), scenario.clients(), scenario.warmUpNanos());
            BalloonManager balloon = scenario.balloon().enabled()
                    ? BalloonManager.start(testbed.server(), scenario.balloon().config(), catalog.balloon()) : null;
            return new Deployment(scenario, testbed, servers, clients, balloon);
        } catch (RuntimeException e) {
            testbed.close();
            throw e;
        }
    }

    /**
     * Returns the scenario's testbed, its hosts and policies made under the scenario's seed. A file is checked under its
     * own seed as it is read; a replication's seed draws otherwise, and what a plug-in draws may then be refused here: the
     * refusal names that seed.
     */
    private Testbed testbed(Scenario scenario, Path serverDirectory, Path clientDirectory) {
        try {
            return Testbed.create(scenario.serverHostConfig(serverDirectory, catalog.policies().swapDevices()),
                    scenario.clientHostConfig(clientDirectory), scenario.nic(), scenario.link(), scenario.seed(), catalog.policies(),
                    scenario.host().victimSelection());
        } catch (ConfigurationException e) {
            throw new ConfigurationException(e.field(), e.problem() + " (as the host was built under seed " + scenario.seed() + ")");
        }
    }

    private List<Workload> boot(Host host, List<TenantSpec> specs, long windowStart) {
        List<Workload> workloads = new ArrayList<>();
        for (int id = 0; id < specs.size(); id++) {
            Workload workload = specs.get(id).workload().create(catalog.workloads(), specs.get(id).memoryBytes());
            host.tenant(id).measureFrom(windowStart);
            host.tenant(id).boot(workload);
            workloads.add(workload);
        }
        return workloads;
    }

    private static Path directory(Path path) {
        try {
            return Files.createDirectories(path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + path, e);
        }
    }
}
