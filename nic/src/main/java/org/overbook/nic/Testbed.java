package org.overbook.nic;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.Named;
import org.overbook.guest.verbs.QueuePair;
import org.overbook.guest.verbs.QueuePairConfig;
import org.overbook.guest.verbs.VerbsException;
import org.overbook.hypervisor.Host;
import org.overbook.hypervisor.HostConfig;
import org.overbook.hypervisor.spi.VictimSelection;
import org.overbook.hypervisor.spi.VictimSelections;
import org.overbook.hypervisor.Tenant;
import org.overbook.hypervisor.sim.RandomStreams;
import org.overbook.hypervisor.sim.Simulation;
import org.overbook.nic.link.Link;
import org.overbook.nic.vf.VirtualFunction;

/**
 * The whole testbed in one simulation (docs/ARCHITECTURE.md): the server host with its overcommitted
 * tenants, the client host whose tenants (the load generators) have their memory pinned, a NIC on
 * each, and the link between them. Tenants find each other by name: a tenant listens on a service,
 * another connects to it, and each gets a queue pair joined across the link. Names are unique
 * across both hosts.
 */
public final class Testbed implements AutoCloseable {

    private static final String VICTIM_SELECTION = VictimSelections.FIELD;
    private static final int SERVER_SIDE = 0;
    private static final int CLIENT_SIDE = 1;

    private final Simulation simulation;
    private final Host server;
    private final Host client;
    private final Nic serverNic;
    private final Nic clientNic;
    private final Link link;
    private final Map<String, VirtualFunction> byName = new HashMap<>();
    private final Map<VirtualFunction, Integer> sideOf = new HashMap<>();
    private final Map<String, Listener> listeners = new HashMap<>();

    private record Listener(QueuePairConfig config, Consumer<QueuePair> onConnection) {
    }

    private Testbed(Simulation simulation, Host server, Host client, Nic serverNic, Nic clientNic, Link link) {
        this.simulation = simulation;
        this.server = server;
        this.client = client;
        this.serverNic = serverNic;
        this.clientNic = clientNic;
        this.link = link;
    }

    /**
     * Builds the testbed. The client NIC pins all its tenants' memory; its other settings follow
     * {@code nic}.
     *
     * @throws ConfigurationException naming the field at fault; nothing is left open
     */
    public static Testbed create(HostConfig serverConfig, HostConfig clientConfig, NicConfig nic, LinkConfig linkConfig, long seed) {
        return create(serverConfig, clientConfig, nic, linkConfig, seed, Policies.builtIn(), VictimSelections.CLOCK);
    }

    /**
     * Builds the testbed with its policies resolved by name in {@code policies}; the server host picks
     * reclaim victims with the selection called {@code victimSelection} (the client host, all pinned, with
     * the CLOCK). The client NIC pins all its tenants' memory; its other settings follow {@code nic}.
     *
     * @throws ConfigurationException naming the field at fault; nothing is left open
     */
    public static Testbed create(HostConfig serverConfig, HostConfig clientConfig, NicConfig nic, LinkConfig linkConfig, long seed,
                                 Policies policies, String victimSelection) {
        return create(serverConfig, clientConfig, nic, linkConfig, seed, policies, Named.of(victimSelection));
    }

    /**
     * Builds the testbed as {@link #create(HostConfig, HostConfig, NicConfig, LinkConfig, long, Policies, String)} does, the
     * server host's victim selection named with its parameters; it draws from a stream of {@code seed} of its own
     * ({@value VictimSelections#STREAM}).
     *
     * @throws ConfigurationException naming the field at fault; nothing is left open
     */
    public static Testbed create(HostConfig serverConfig, HostConfig clientConfig, NicConfig nic, LinkConfig linkConfig, long seed,
                                 Policies policies, Named victimSelection) {
        RandomStreams streams = new RandomStreams(seed);
        nic.validate("nic", policies, streams);
        linkConfig.validate("link", nic.reliable());
        serverConfig.validate();
        clientConfig.validate();
        VictimSelections selections = policies.victimSelection();
        selections.check(VICTIM_SELECTION, victimSelection, (int) serverConfig.frames(), streams.stream(VictimSelections.STREAM));
        VictimSelection victims = frames -> selections.create(VICTIM_SELECTION, victimSelection, frames,
                streams.stream(VictimSelections.STREAM));
        for (int i = 0; i < clientConfig.tenants().size(); i++) {
            String name = clientConfig.tenants().get(i).name();
            if (serverConfig.tenants().stream().anyMatch(t -> t.name().equals(name))) {
                throw new ConfigurationException("clients[" + i + "].name", "'" + name + "' is also a server tenant; names must be unique across hosts");
            }
        }
        Simulation simulation = new Simulation(seed);
        Host server = Host.create(serverConfig, simulation);
        Host client = null;
        try {
            server.memory().selectVictimsWith(victims);
            client = Host.create(clientConfig, simulation);
            Nic serverNic = new Nic("nic", server, nic, policies);
            Nic clientNic = new Nic("client-nic", client, nic.withMemoryPolicy("pin-all"), policies);
            Link link = new Link(simulation, linkConfig.bitsPerSecond(), linkConfig.latencyNanos(), linkConfig.lossRate(),
                    linkConfig.mtu());
            Testbed testbed = new Testbed(simulation, server, client, serverNic, clientNic, link);
            testbed.attach(serverNic, SERVER_SIDE);
            testbed.attach(clientNic, CLIENT_SIDE);
            return testbed;
        } catch (RuntimeException e) {
            server.close();
            if (client != null) {
                client.close();
            }
            throw e;
        }
    }

    private void attach(Nic nic, int side) {
        Connector connector = new Connector();
        for (VirtualFunction vf : nic.vfs()) {
            byName.put(vf.tenant().name(), vf);
            sideOf.put(vf, side);
            vf.attach(connector);
        }
    }

    public Simulation simulation() {
        return simulation;
    }

    public Host server() {
        return server;
    }

    public Host client() {
        return client;
    }

    public Nic serverNic() {
        return serverNic;
    }

    public Nic clientNic() {
        return clientNic;
    }

    /** Returns the wire between the two hosts, for this module's tests ({@code link} is not exported). */
    @SuppressWarnings("exports")
    public Link link() {
        return link;
    }

    /** Returns the VF of the tenant called {@code name}, on either host, for perf ({@code vf} is exported to it alone). */
    @SuppressWarnings("exports")
    public VirtualFunction vf(String name) {
        VirtualFunction vf = byName.get(name);
        if (vf == null) {
            throw new IllegalArgumentException("no tenant called '" + name + "'");
        }
        return vf;
    }

    /** Returns every tenant of both hosts, server first. */
    public List<Tenant> tenants() {
        return java.util.stream.Stream.concat(server.tenants().stream(), client.tenants().stream()).toList();
    }

    /**
     * Checks both hosts' memory accounting and every VF's NIC page table against it from scratch;
     * returns the violations found (empty if none).
     */
    public List<String> checkInvariants() {
        List<String> violations = new ArrayList<>(server.memory().checkInvariants());
        violations.addAll(client.memory().checkInvariants());
        for (Nic nic : List.of(serverNic, clientNic)) {
            for (VirtualFunction vf : nic.vfs()) {
                violations.addAll(vf.translator().checkInvariants());
            }
        }
        return violations;
    }

    @Override
    public void close() {
        try {
            server.close();
        } finally {
            client.close();
        }
    }

    private final class Connector implements VirtualFunction.Connector {

        @Override
        public void listen(VirtualFunction vf, String service, QueuePairConfig config, Consumer<QueuePair> onConnection) {
            String key = vf.tenant().name() + "/" + service;
            if (listeners.putIfAbsent(key, new Listener(config, onConnection)) != null) {
                throw new VerbsException("listen(tenant " + vf.tenant().name() + ")", "already listening on '" + service + "'");
            }
        }

        @Override
        public QueuePair connect(VirtualFunction vf, String tenant, String service, QueuePairConfig config) {
            String call = "connect(tenant " + vf.tenant().name() + ")";
            VirtualFunction remote = byName.get(tenant);
            if (remote == null) {
                throw new VerbsException(call, "no tenant called '" + tenant + "'");
            }
            int side = sideOf.get(vf);
            int remoteSide = sideOf.get(remote);
            if (side == remoteSide) {
                throw new VerbsException(call, "'" + tenant + "' is on the same host; connections cross the link (loopback is not modelled)");
            }
            Listener listener = listeners.get(tenant + "/" + service);
            if (listener == null) {
                throw new VerbsException(call, "tenant '" + tenant + "' does not listen on '" + service + "'");
            }
            return vf.join(remote, config, listener.config(), link.from(side), link.from(remoteSide), listener.onConnection());
        }
    }
}
