package org.overbook.perf.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.overbook.guest.ConfigurationException;

/**
 * Expands a scenario's {@code sweep} into its points: the cross product of the axes, in a fixed order.
 *
 * <p>Each axis is a field path with a list of values ({@code nic.memory-policy: [pin-all, on-demand]}).
 * An axis may also link several paths that must change together, written as one key of comma-separated
 * paths whose values are lists of one value per path:
 * {@code "nic.memory-policy, tenants.template.memory": [[pin-all, 512MiB], [on-demand, 1GiB]]}
 * (pin-all cannot overcommit, so its point needs tenants that fit). Points come in nested-loop order:
 * the first axis varies slowest, the last fastest, each through its values in file order. A point's
 * label lists its values, {@code nic.memory-policy=on-demand, tenants.count=4}. An axis over a field inside another
 * axis's field refines that axis's value at every point, whichever is written first:
 * {@code host.reclaim.victim-selection: [clock, {name: clock, params: {handspread: 8MiB}}]} with
 * {@code host.reclaim.victim-selection.params.handspread: [0, 16MiB]} gives the inner axis's handspread at every point.
 */
final class SweepExpander {

    /** One axis: its key as written, its paths, and for each of its values one node per path. */
    record Axis(String key, List<String> paths, List<List<JsonNode>> values) {
    }

    /** One point before reading: its label, its values by path, which value of each axis, and its tree. */
    record Point(String label, Map<String, String> values, int[] choice, ObjectNode tree) {
    }

    /**
     * The most points a sweep may have. Each point is expanded (a scenario tree and its records) before any runs, so
     * a cross product of a few long axes would fill the heap before saying anything; 100,000 points of even a
     * second each is more than a day of one core.
     */
    static final int MAX_POINTS = 100_000;

    private SweepExpander() {
    }

    /** Reads the axes of {@code tree}'s {@code sweep} and checks that each path names a field. */
    static List<Axis> axes(ObjectNode tree) {
        JsonNode sweep = tree.get("sweep");
        if (sweep == null || sweep.isNull()) {
            return List.of();
        }
        if (!sweep.isObject()) {
            throw new ConfigurationException("sweep", Section.describe(sweep) + " is of the wrong type; accepted: a section of "
                    + "field path: [values], such as {nic.memory-policy: [pin-all, on-demand]}");
        }
        ObjectNode base = withoutSweep(tree);
        List<Axis> axes = new ArrayList<>();
        Map<String, String> sweptBy = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> entry : sweep.properties()) {
            Axis axis = axis(entry.getKey(), entry.getValue());
            for (int p = 0; p < axis.paths().size(); p++) {
                String earlier = sweptBy.putIfAbsent(axis.paths().get(p), axis.key());
                if (earlier != null) {
                    throw new ConfigurationException(field(axis.key()), "'" + axis.paths().get(p) + "' is already swept by "
                            + field(earlier) + "; accepted: each field path in one axis only");
                }
                TreePaths.set(base.deepCopy(), axis.paths().get(p), axis.values().getFirst().get(p), field(axis.key()));
            }
            axes.add(axis);
        }
        BigInteger points = BigInteger.ONE;
        for (Axis axis : axes) {
            points = points.multiply(BigInteger.valueOf(axis.values().size()));
        }
        if (points.compareTo(BigInteger.valueOf(MAX_POINTS)) > 0) {
            throw new ConfigurationException("sweep", "the cross product of " + String.join(" x ", axes.stream()
                    .map(a -> a.values().size() + " (" + a.key() + ")").toList()) + " values is " + points
                    + " points; accepted: at most " + MAX_POINTS + " points (split the sweep into several files)");
        }
        return List.copyOf(axes);
    }

    private static Axis axis(String key, JsonNode values) {
        String field = field(key);
        List<String> paths = Arrays.stream(key.split(",", -1)).map(String::strip).toList();
        if (paths.contains("")) {
            String where = paths.size() == 1 ? "at all" : paths.getLast().isEmpty() ? "after its last comma" : paths.getFirst().isEmpty() ? "before its first comma"
                    : "between two commas";
            throw new ConfigurationException(field, "the axis names no field " + where + "; accepted: a field path such as host.memory, or"
                    + " linked paths separated by commas, such as \"tenants.count, clients.count\", none of them empty");
        }
        if (!values.isArray() || values.isEmpty()) {
            throw new ConfigurationException(field, Section.describe(values) + " is not a list of values; accepted: "
                    + "a list of at least one value, such as [pin-all, on-demand]");
        }
        List<List<JsonNode>> tuples = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            JsonNode value = values.get(i);
            for (int j = 0; j < i; j++) {
                if (values.get(j).equals(value)) {
                    throw new ConfigurationException(field + "[" + i + "]", Section.describe(value) + " repeats value [" + j
                            + "] of the axis; accepted: each value once (a repeated value gives a second, identical point)");
                }
            }
            if (paths.size() == 1) {
                tuples.add(List.of(value));
            } else if (value.isArray() && value.size() == paths.size()) {
                List<JsonNode> tuple = new ArrayList<>();
                value.forEach(tuple::add);
                tuples.add(List.copyOf(tuple));
            } else {
                throw new ConfigurationException(field + "[" + i + "]", Section.describe(value) + " does not give one value for each of "
                        + paths.size() + " linked paths; accepted: a list of " + paths.size() + " values, in the order "
                        + String.join(", ", paths));
            }
        }
        return new Axis(key, paths, List.copyOf(tuples));
    }

    /** Returns every point of the cross product of {@code axes} over {@code tree}, in nested-loop order. */
    static List<Point> expand(ObjectNode tree, List<Axis> axes) {
        ObjectNode base = withoutSweep(tree);
        List<int[]> writes = writeOrder(axes);
        List<Point> points = new ArrayList<>();
        int[] choice = new int[axes.size()];
        while (true) {
            ObjectNode point = base.deepCopy();
            for (int[] write : writes) {
                Axis axis = axes.get(write[0]);
                TreePaths.set(point, axis.paths().get(write[1]), axis.values().get(choice[write[0]]).get(write[1]), field(axis.key()));
            }
            Map<String, String> values = new LinkedHashMap<>();
            for (int a = 0; a < axes.size(); a++) {
                Axis axis = axes.get(a);
                List<JsonNode> tuple = axis.values().get(choice[a]);
                for (int p = 0; p < axis.paths().size(); p++) {
                    values.put(axis.paths().get(p), text(tuple.get(p)));
                }
            }
            String label = String.join(", ", values.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList());
            points.add(new Point(label, Collections.unmodifiableMap(values), choice.clone(), point));
            int a = axes.size() - 1;
            while (a >= 0 && ++choice[a] == axes.get(a).values().size()) {
                choice[a] = 0;
                a--;
            }
            if (a < 0) {
                return List.copyOf(points);
            }
        }
    }

    /**
     * Returns the order a point's values are written in, each as {axis, path of the axis}: the axes' order, except that a
     * path inside another ({@code host.reclaim.victim-selection.params.handspread} inside
     * {@code host.reclaim.victim-selection}) comes after it, so that it refines the outer value rather than being wiped by it.
     * Fewer steps first does that, and paths of as many steps are never inside one another.
     */
    private static List<int[]> writeOrder(List<Axis> axes) {
        List<int[]> writes = new ArrayList<>();
        for (int a = 0; a < axes.size(); a++) {
            for (int p = 0; p < axes.get(a).paths().size(); p++) {
                writes.add(new int[] {a, p, TreePaths.parse(axes.get(a).paths().get(p), field(axes.get(a).key())).size()});
            }
        }
        writes.sort(Comparator.comparingInt(write -> write[2])); // stable: otherwise the axes' order
        return List.copyOf(writes);
    }

    /** Returns where an axis is written, for errors: {@code sweep.nic.memory-policy}. */
    static String field(String key) {
        return "sweep." + key;
    }

    private static ObjectNode withoutSweep(ObjectNode tree) {
        ObjectNode copy = tree.deepCopy();
        copy.remove("sweep");
        return copy;
    }

    private static String text(JsonNode value) {
        return value.isValueNode() ? value.asText() : value.toString();
    }
}
