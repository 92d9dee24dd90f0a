package org.overbook.perf.scenario;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.overbook.balloon.BalloonManager;
import org.overbook.guest.Workload;
import org.overbook.nic.Testbed;

/**
 * A built scenario, ready to run: the testbed, the workload of every tenant, and the balloon manager
 * when the scenario enables one. Closing it stops the manager and closes both hosts (freeing their
 * memory and removing their swap files unless kept).
 */
public final class Deployment implements AutoCloseable {

    private final Scenario scenario;
    private final Testbed testbed;
    private final List<Workload> servers;
    private final List<Workload> clients;
    private final BalloonManager balloon;

    Deployment(Scenario scenario, Testbed testbed, List<Workload> servers, List<Workload> clients, BalloonManager balloon) {
        this.scenario = scenario;
        this.testbed = testbed;
        this.servers = List.copyOf(servers);
        this.clients = List.copyOf(clients);
        this.balloon = balloon;
    }

    public Scenario scenario() {
        return scenario;
    }

    public Testbed testbed() {
        return testbed;
    }

    /** Returns the server tenants' workloads, in tenant id order. */
    public List<Workload> serverWorkloads() {
        return servers;
    }

    /** Returns the client tenants' workloads, in tenant id order. */
    public List<Workload> clientWorkloads() {
        return clients;
    }

    /** Returns every tenant's workload by tenant name: server tenants first, each host in id order. */
    public Map<String, Workload> workloads() {
        Map<String, Workload> out = new LinkedHashMap<>();
        for (int i = 0; i < servers.size(); i++) {
            out.put(scenario.tenants().get(i).name(), servers.get(i));
        }
        for (int i = 0; i < clients.size(); i++) {
            out.put(scenario.clients().get(i).name(), clients.get(i));
        }
        return Collections.unmodifiableMap(out);
    }

    /** Returns the balloon manager, if the scenario enables ballooning. */
    public Optional<BalloonManager> balloon() {
        return Optional.ofNullable(balloon);
    }

    /** Runs the simulation to the end of the scenario: warm-up plus duration of virtual time. */
    public void runToEnd() {
        testbed.simulation().runUntil(scenario.endNanos());
    }

    @Override
    public void close() {
        if (balloon != null) {
            balloon.stop();
        }
        testbed.close();
    }
}
