package org.overbook.perf.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Server tenants that no client connects to while clients load their siblings (tenants of the same workload), at points
 * of a sweep that varies {@code tenants.count} or {@code clients.count} and leaves the other behind: most often a slip.
 * Four clients whose targets are {@code s${index}} load s0 to s3 of six tenants, so s4 and s5 serve nothing and the
 * throughput stays flat as tenants are added; at two tenants the same file is refused (no server tenant called 's2').
 * Both read better with what to write instead: the two counts swept as one axis.
 *
 * <p>A tenant may be there only to take memory, so idle tenants are otherwise no warning: in a file whose sweep varies
 * neither count, or both, every point's counts are as the user wrote them. So the warning also says how to keep the
 * tenants idle on purpose and not be warned: the same axis, the other count in it as it is.
 */
final class UnloadedServers {

    private static final String TENANTS = "tenants.count";
    private static final String CLIENTS = "clients.count";
    /** Points a hint takes its example values from at most. */
    private static final int EXAMPLE_POINTS = 3;

    private UnloadedServers() {
    }

    /**
     * Returns at most one warning for {@code points}, when {@code sweep} varies one count and not the other: the first
     * point with server tenants no client connects to, beside tenants of the same workload that clients do connect to,
     * and how many more points have such tenants.
     */
    static List<String> warnings(List<SweepPoint> points, List<SweepExpander.Axis> sweep) {
        SweepExpander.Axis tenants = axisOf(sweep, TENANTS);
        if ((tenants == null) == (axisOf(sweep, CLIENTS) == null)) {
            return List.of(); // neither count swept, or both: the counts at every point are the user's
        }
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
        String where = " at sweep point " + affected.getFirst().label()
                + (affected.size() > 1 ? " (and at " + (affected.size() - 1) + " more)" : "");
        // the count the sweep leaves behind is the same at every point
        String held = tenants != null ? CLIENTS : TENANTS;
        Scenario any = points.getFirst().scenario();
        String count = String.valueOf(tenants != null ? any.clients().size() : any.tenants().size());
        return List.of("clients: no client connects to server tenants " + String.join(", ", first) + where
                + ", while clients load the other tenants of the same workload: unloaded, they take memory and serve no request; "
                + countsHint(sweep) + "; if they are meant to be idle, say so with " + held + " as it is in that axis, "
                + example(sweep, tuple -> count) + ", and this warning goes");
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
        return "to give each server tenant a client of its own at every point, sweep " + TENANTS + " and " + CLIENTS
                + " as one axis, \"" + String.join(", ", paths) + "\": " + example(sweep, tuple -> tuple.get(count).asText());
    }

    /**
     * Returns the first values of the axis of {@code sweep} that varies one count, each with the other count added as
     * {@code other} gives it ({@code [[4, 4], [6, 6], [8, 8]]}).
     */
    private static String example(List<SweepExpander.Axis> sweep, Function<List<JsonNode>, String> other) {
        SweepExpander.Axis swept = Objects.requireNonNullElse(axisOf(sweep, TENANTS), axisOf(sweep, CLIENTS));
        return swept.values().stream().limit(EXAMPLE_POINTS).map(tuple -> {
            List<String> cells = new ArrayList<>(tuple.stream().map(JsonNode::asText).toList());
            cells.add(other.apply(tuple));
            return "[" + String.join(", ", cells) + "]";
        }).collect(Collectors.joining(", ", "[", "]"));
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
