package org.overbook.perf.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Server tenants that no client connects to while clients load their siblings (tenants of the same workload): valid,
 * as a tenant may be there only to take memory, but most often a sweep of {@code tenants.count} that left
 * {@code clients.count} behind. Four clients whose targets are {@code s${index}} load s0 to s3 of six tenants, so s4
 * and s5 serve nothing and the throughput stays flat as tenants are added; at two tenants the same file is refused
 * (no server tenant called 's2'). Both read better with what to write instead: the two counts swept as one axis.
 */
final class UnloadedServers {

    private static final String TENANTS = "tenants.count";
    private static final String CLIENTS = "clients.count";
    /** Points a hint takes its example values from at most. */
    private static final int EXAMPLE_POINTS = 3;

    private UnloadedServers() {
    }

    /**
     * Returns at most one warning for {@code points}: the first point with server tenants no client connects to, beside
     * tenants of the same workload that clients do connect to, and how many more points have such tenants.
     */
    static List<String> warnings(List<SweepPoint> points, List<SweepExpander.Axis> sweep) {
        List<SweepPoint> affected = new ArrayList<>();
        List<String> first = List.of();
        for (SweepPoint point : points) {
            List<String> unloaded = unloaded(point.scenario());
            if (!unloaded.isEmpty()) {
                first = affected.isEmpty() ? unloaded : first;
                affected.add(point);
            }
        }
        if (affected.isEmpty()) {
            return List.of();
        }
        String where = sweep.isEmpty() ? "" : " at sweep point " + affected.getFirst().label()
                + (affected.size() > 1 ? " (and at " + (affected.size() - 1) + " more)" : "");
        String hint = countsHint(sweep);
        return List.of("clients: no client connects to server tenants " + String.join(", ", first) + where
                + ", while clients load the other tenants of the same workload: unloaded, they take memory and serve no request; "
                + (hint.isEmpty() ? "name them in a client's targets, or raise " + CLIENTS : hint));
    }

    /**
     * Returns what to write when a sweep varies the number of tenants or of clients but not both together, so that
     * a client per server tenant (targets {@code s${index}}) finds its server at every point: the axis that varies one
     * count, its own fields and values kept, with the other count added and given the same value; empty otherwise.
     */
    static String countsHint(List<SweepExpander.Axis> sweep) {
        SweepExpander.Axis tenants = axisOf(sweep, TENANTS);
        SweepExpander.Axis clients = axisOf(sweep, CLIENTS);
        if (tenants == clients) {
            return "";
        }
        SweepExpander.Axis swept = tenants != null ? tenants : clients;
        int count = swept.paths().indexOf(tenants != null ? TENANTS : CLIENTS);
        List<String> paths = new ArrayList<>(swept.paths());
        paths.add(tenants != null ? CLIENTS : TENANTS);
        String example = swept.values().stream().limit(EXAMPLE_POINTS).map(tuple -> {
            List<String> cells = new ArrayList<>(tuple.stream().map(JsonNode::asText).toList());
            cells.add(tuple.get(count).asText());
            return "[" + String.join(", ", cells) + "]";
        }).collect(Collectors.joining(", ", "[", "]"));
        return "to give each server tenant a client of its own at every point, sweep " + TENANTS + " and " + CLIENTS
                + " as one axis, \"" + String.join(", ", paths) + "\": " + example;
    }

    private static SweepExpander.Axis axisOf(List<SweepExpander.Axis> sweep, String path) {
        return sweep.stream().filter(axis -> axis.paths().contains(path)).findFirst().orElse(null);
    }

    /** Returns the server tenants of {@code s} that no client connects to, beside loaded tenants of their workload. */
    private static List<String> unloaded(Scenario s) {
        Set<String> loaded = new LinkedHashSet<>();
        for (TenantSpec client : s.clients()) {
            for (Map.Entry<String, Object> param : client.workload().params().entrySet()) {
                loaded.addAll(ScenarioChecks.connectsTo(param));
            }
        }
        Set<String> loadedWorkloads = s.tenants().stream().filter(t -> loaded.contains(t.name()))
                .map(t -> t.workload().name()).collect(Collectors.toSet());
        return s.tenants().stream().filter(t -> !loaded.contains(t.name()) && loadedWorkloads.contains(t.workload().name()))
                .map(TenantSpec::name).toList();
    }
}
