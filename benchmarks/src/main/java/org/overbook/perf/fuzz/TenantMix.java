package org.overbook.perf.fuzz;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Draws a scenario's server tenants and their clients as units of what users run together: a memcached server and
 * its load generator (memaslap, ETC or YCSB), an RDMA microbenchmark pair, a tenant touching its own memory, or a
 * small MPI halo exchange with one colour of ranks on each host. The lists come out in the scenario file's list form
 * (each entry names every field), with the memory of each side summed for the hosts to be sized after.
 */
final class TenantMix {

    private static final long MIB = 1L << 20;

    private final Draw draw;
    private final List<Map<String, Object>> tenants = new ArrayList<>();
    private final List<Map<String, Object>> clients = new ArrayList<>();
    /** The memcached servers' names, and their load generators' parameters, whose targets are set last. */
    private final List<String> memcachedServers = new ArrayList<>();
    private final List<Map<String, Object>> generatorParams = new ArrayList<>();
    private long tenantBytes;
    private long clientBytes;

    private TenantMix(Draw draw) {
        this.draw = draw;
    }

    /**
     * Draws from 1 to {@code maxTenants} server tenants (an MPI unit may need a few at once) and their clients; RDMA
     * benchmarks and MPI jobs only if {@code rdma}.
     */
    static TenantMix draw(Draw draw, int maxTenants, boolean rdma) {
        TenantMix mix = new TenantMix(draw);
        int wanted = draw.between(1, maxTenants);
        boolean memcachedOnly = draw.chance(0.5);
        int kinds = rdma ? 5 : 4; // without RDMA: memcached or a memory toucher
        while (mix.tenants.size() < wanted) {
            int room = wanted - mix.tenants.size();
            int unit = memcachedOnly ? 0 : draw.between(0, kinds);
            switch (unit) {
                case 0, 1, 2 -> mix.memcached();
                case 3 -> mix.toucher();
                case 4 -> mix.rdmaPair();
                default -> {
                    if (room >= 2) {
                        mix.mpi(room >= 4 && draw.chance(0.3) ? 4 : 2);
                    } else {
                        mix.memcached();
                    }
                }
            }
        }
        mix.assignTargets();
        return mix;
    }

    List<Map<String, Object>> tenants() {
        return tenants;
    }

    List<Map<String, Object>> clients() {
        return clients;
    }

    /** Returns the server tenants' memory in all, in bytes. */
    long tenantBytes() {
        return tenantBytes;
    }

    /** Returns the clients' memory in all, in bytes. */
    long clientBytes() {
        return clientBytes;
    }

    /** Returns the server tenants' names. */
    List<String> tenantNames() {
        return tenants.stream().map(t -> (String) t.get("name")).toList();
    }

    private void memcached() {
        int index = memcachedServers.size();
        String name = "s" + index;
        int memoryMib = draw.pick(4, 6, 8, 12, 16);
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("memory-limit", draw.between(1, memoryMib - 1) + "MiB");
        if (draw.chance(0.2)) {
            params.put("upcalls", "prefetch");
        }
        if (draw.chance(0.2)) {
            params.put("request-cost", draw.pick("0s", "200ns", "5us"));
        }
        if (draw.chance(0.1)) {
            params.put("receive-buffers", draw.pick(1, 4, 64));
        }
        addTenant(name, memoryMib, "memcached", params);
        memcachedServers.add(name);

        String workload = draw.pick("memaslap", "memaslap", "etc", "ycsb");
        Map<String, Object> client = generatorParams(workload, index);
        generatorParams.add(client);
        addClient("c" + index, draw.pick(4, 8, 16), workload, client);
    }

    private Map<String, Object> generatorParams(String workload, int index) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("key-prefix", "c" + index + ":");
        p.put(workload.equals("memaslap") ? "concurrency" : "connections", draw.pick(1, 2, 4, 16));
        switch (workload) {
            case "memaslap" -> {
                p.put("window", draw.pick(16, 64, 256, 1024, 4096));
                String value = draw.pick("16", "100", "1KiB", "4KiB");
                p.put("value-size", value);
                if (draw.chance(0.2)) {
                    p.put("value-size-max", "7KiB");
                }
                p.put("get-proportion", draw.pick(0.0, 0.5, 0.9, 1.0));
            }
            case "etc" -> {
                p.put("keys", draw.pick(100, 1000, 20_000));
                p.put("get-proportion", draw.pick(0.5, 0.97));
            }
            default -> {
                p.put("workload", draw.pick("a", "b", "c", "d", "e", "f"));
                p.put("records", draw.pick(100, 1000, 5000));
                p.put("field-count", draw.between(1, 4));
                p.put("field-length", draw.pick(10, 100, 1000));
            }
        }
        if (draw.chance(0.3)) {
            p.put("depth", draw.pick(2, 4, 16));
        }
        if (draw.chance(0.3)) {
            p.put("loop", "open");
            p.put("rate", draw.pick(1000, 50_000, 500_000));
        }
        if (draw.chance(0.15)) {
            p.put("load", false);
        }
        if (draw.chance(0.2)) {
            p.put("miss-penalty", draw.pick("10us", "100us"));
        }
        if (draw.chance(0.15)) {
            p.put("receive-buffers", draw.pick(1, 2, 64));
        }
        p.put("duration", "10s");
        return p;
    }

    /** Sets each load generator's targets: its own server, or now and then every memcached server. */
    private void assignTargets() {
        for (int i = 0; i < generatorParams.size(); i++) {
            boolean all = memcachedServers.size() > 1 && draw.chance(0.2);
            generatorParams.get(i).put("targets", all ? String.join(",", memcachedServers) : memcachedServers.get(i));
        }
    }

    private void rdmaPair() {
        int index = tenants.size();
        String workload = draw.pick("rdma-write-latency", "rdma-write-bandwidth", "rdma-send-latency", "rdma-send-bandwidth");
        String server = "b" + index;
        addTenant(server, draw.pick(8, 16, 32), workload, new LinkedHashMap<>(Map.of("role", "server")));
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("peer", server);
        List<String> sizes = new ArrayList<>();
        for (String size : List.of("8", "64", "4KiB", "64KiB", "256KiB")) {
            if (draw.chance(0.4)) {
                sizes.add(size);
            }
        }
        p.put("sizes", sizes.isEmpty() ? List.of("4KiB") : sizes);
        p.put("iterations", draw.pick(10, 50, 200));
        p.put("warmup", draw.pick(0, 5));
        if (workload.endsWith("bandwidth")) {
            p.put("window", draw.pick(1, 4, 16));
        }
        if (draw.chance(0.3)) {
            p.put("register-per-message", true);
        }
        if (draw.chance(0.3)) {
            p.put("buffers", draw.pick(2, 4));
        }
        if (draw.chance(0.3)) {
            p.put("completion", "interrupt");
        }
        if (draw.chance(0.2)) {
            p.put("notify", draw.pick("block", "handler"));
        }
        addClient("bc" + index, draw.pick(16, 32), workload, p);
    }

    private void toucher() {
        int memoryMib = draw.pick(4, 8, 16);
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("working-set", draw.between(1, memoryMib) + "MiB");
        p.put("hot-fraction", draw.pick(0.0, 0.2, 1.0));
        p.put("write-ratio", draw.pick(0.0, 0.3, 1.0));
        p.put("think", draw.pick("1us", "2us", "20us"));
        addTenant("t" + tenants.size(), memoryMib, "memory-toucher", p);
    }

    /** An MPI job of {@code 2 * perColour} ranks: colour 0 on the server host, colour 1 on the client host. */
    private void mpi(int perColour) {
        String job = perColour == 2 ? "2x2" : "4x2";
        int first = tenants.size();
        List<String> servers = new ArrayList<>();
        List<String> peers = new ArrayList<>();
        for (int rank = 0; rank < perColour; rank++) {
            servers.add("r" + (first + rank));
            peers.add("q" + (first + rank));
        }
        String halo = draw.pick("1KiB", "16KiB", "64KiB");
        String registration = draw.pick("cache", "once");
        int iterations = draw.pick(5, 20);
        for (int rank = 0; rank < perColour; rank++) {
            addTenant(servers.get(rank), 8, "mpi-halo", haloParams(job, 0, rank, peers, halo, registration, iterations));
            addClient(peers.get(rank), 8, "mpi-halo", haloParams(job, 1, rank, servers, halo, registration, iterations));
        }
    }

    private static Map<String, Object> haloParams(String job, int colour, int rank, List<String> peers, String halo,
                                                  String registration, int iterations) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("job", job);
        p.put("colour", colour);
        p.put("rank", rank);
        p.put("peers", String.join(",", peers));
        p.put("halo", halo);
        p.put("registration", registration);
        p.put("warmup", 2);
        p.put("iterations", iterations);
        return p;
    }

    private void addTenant(String name, int memoryMib, String workload, Map<String, Object> params) {
        tenants.add(entry(name, memoryMib, workload, params));
        tenantBytes += memoryMib * MIB;
    }

    private void addClient(String name, int memoryMib, String workload, Map<String, Object> params) {
        clients.add(entry(name, memoryMib, workload, params));
        clientBytes += memoryMib * MIB;
    }

    private static Map<String, Object> entry(String name, int memoryMib, String workload, Map<String, Object> params) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("name", name);
        entry.put("memory", memoryMib + "MiB");
        Map<String, Object> what = new LinkedHashMap<>();
        what.put("name", workload);
        what.put("params", params);
        entry.put("workload", what);
        return entry;
    }
}
