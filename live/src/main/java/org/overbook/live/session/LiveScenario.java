package org.overbook.live.session;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.WorkloadParameters;
import org.overbook.guest.WorkloadRegistry;
import org.overbook.live.edge.EdgeLimits;
import org.overbook.live.gateway.GatewayEndpoint;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;
import org.overbook.perf.scenario.TenantSpec;
import org.overbook.workloads.memcached.protocol.RequestParser;

/**
 * The scenario of a live session, made from a scenario file's point: its server host and tenants as written, its
 * clients replaced by one {@code gateway} tenant per listen address ({@code live0}, {@code live1}, ...), address
 * {@code i} serving server tenant {@code i}; no warm-up, and no sweep. Its YAML, every default spelled out, is what
 * the session log keeps and what a replay loads, and what the results folder reports.
 *
 * @param yaml   the session's scenario, as YAML
 * @param limits what the edge of each listen address must know of its server tenant
 */
public record LiveScenario(String yaml, List<EdgeLimits> limits) {

    /** Virtual time the scenario says it lasts before the session knows; the results report the real length. */
    static final String PLACEHOLDER_DURATION = "1s";
    private static final long DEFAULT_BUFFER_SIZE = 8 << 10;

    /**
     * Makes the live scenario of {@code point} for {@code addresses}.
     *
     * @param gatewayConnections clients each address admits at once (the gateway tenant is sized for them)
     * @param pendingBytesMax    request bytes per client in the model before the edge stops reading it
     * @throws ConfigurationException naming what is wrong: more addresses than server tenants, a server tenant
     *                                that is not memcached, limits over the server's
     */
    public static LiveScenario of(SweepPoint point, List<InetSocketAddress> addresses, int gatewayConnections, int pendingBytesMax) {
        List<TenantSpec> servers = point.scenario().tenants();
        if (addresses.size() > servers.size()) {
            throw new ConfigurationException("--listen", addresses.size() + " addresses, but the scenario has "
                    + servers.size() + " server tenant(s); accepted: at most one address per server tenant (address i serves tenant i)");
        }
        ObjectNode tree = parse(point.yaml());
        tree.put("warm-up", "0s");
        tree.put("duration", PLACEHOLDER_DURATION);
        tree.remove("sweep");
        ArrayNode clients = tree.putArray("clients");
        List<EdgeLimits> limits = new ArrayList<>();
        for (int i = 0; i < addresses.size(); i++) {
            TenantSpec server = servers.get(i);
            if (!"memcached".equals(server.workload().name())) {
                throw new ConfigurationException(server.workload().field() + ".name", "live mode serves memcached tenants; tenant '"
                        + server.name() + "' runs '" + server.workload().name() + "'");
            }
            WorkloadParameters p = server.workload().parameters();
            int bufferSize = (int) p.bytes("buffer-size", DEFAULT_BUFFER_SIZE, 512, 64 << 20);
            int replyBufferSize = (int) p.bytes("reply-buffer-size", bufferSize, 512, 64 << 20);
            int itemSizeMax = (int) p.bytes("item-size-max", RequestParser.DEFAULT_ITEM_SIZE_MAX, 1, Integer.MAX_VALUE);
            int serverConnections = (int) p.integer("max-connections", 64, 1, 65_536);
            if (gatewayConnections > serverConnections) {
                throw new ConfigurationException("--max-connections", gatewayConnections + " clients per address, but tenant '"
                        + server.name() + "' takes at most " + serverConnections + " connections (its max-connections); "
                        + "accepted: up to " + serverConnections);
            }
            ObjectNode client = clients.addObject();
            client.put("name", "live" + i);
            client.put("memory", gatewayMemory(gatewayConnections, bufferSize, replyBufferSize) + "MiB");
            ObjectNode workload = client.putObject("workload");
            workload.put("name", GatewayEndpoint.NAME);
            ObjectNode params = workload.putObject("params");
            params.put("target", server.name());
            params.put("listen", i);
            params.put("request-size-max", bufferSize);
            params.put("reply-buffer-size", replyBufferSize);
            limits.add(new EdgeLimits(addresses.get(i), itemSizeMax, bufferSize, gatewayConnections, pendingBytesMax));
        }
        return new LiveScenario(write(tree), limits);
    }

    /** Returns the scenario file of this session, loaded with {@code registry} (which must know the gateway). */
    public ScenarioFile load(WorkloadRegistry registry, String source) {
        return new ScenarioLoader(registry).parse(yaml, source);
    }

    /** Returns the point to report a session of {@code endNanos} under: this scenario, lasting that long. */
    static SweepPoint reported(ScenarioFile file, long endNanos) {
        return file.with("duration", Math.max(1, endNanos) + "ns").points().getFirst();
    }

    /** MiB for a gateway serving {@code connections} clients: each a model connection's buffers, with room to spare. */
    private static long gatewayMemory(int connections, int bufferSize, int replyBufferSize) {
        long perConnection = 8L * bufferSize + 16L * replyBufferSize + 4096;
        long bytes = 2 * connections * perConnection + (4L << 20);
        return Math.max(16, (bytes + (1 << 20) - 1) >> 20);
    }

    private static ObjectNode parse(String yaml) {
        try {
            JsonNode node = new YAMLMapper().readTree(yaml);
            return (ObjectNode) node;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String write(ObjectNode tree) {
        try {
            return new YAMLMapper(YAMLFactory.builder().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER).build())
                    .writeValueAsString(tree);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
