package org.overbook.perf.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Two results side by side: every metric of each matched pair of points with the ratio {@code B / A} and the
 * difference {@code B - A}, and, where both points carry replications, Welch's t-test of the difference
 * ({@link Welch}).
 *
 * <h2>Design</h2>
 * Two folders are compared point by point where their points match: the same sweep values (the same label), so
 * that a folder of the default run with an SSD is compared with one run with an NVMe device tenant count by tenant
 * count. Points of one folder with no match in the other are listed, not compared. For each pair the scenario
 * fields whose resolved values differ (the merged YAML of each point, flattened to field paths) are named, so
 * the reader sees what the comparison varies. Two points of one folder compare the same way, as one pair.
 *
 * @param nameA      how side A is called in the output
 * @param nameB      how side B is called
 * @param pairs      the matched points, in A's order
 * @param onlyA      the labels of A's points with no match in B
 * @param onlyB      the labels of B's points with no match in A
 */
public record Comparison(String nameA, String nameB, List<Pair> pairs, List<String> onlyA, List<String> onlyB) {

    public Comparison {
        pairs = List.copyOf(pairs);
        onlyA = List.copyOf(onlyA);
        onlyB = List.copyOf(onlyB);
    }

    /** One point of A against its match in B. */
    public record Pair(PointFigures a, PointFigures b, List<String> differences, List<Row> rows) {

        public Pair {
            differences = List.copyOf(differences);
            rows = List.copyOf(rows);
        }

        /** Returns the row of {@code metric}, or null. */
        public Row row(String metric) {
            return rows.stream().filter(r -> r.metric().equals(metric)).findFirst().orElse(null);
        }
    }

    /**
     * One metric of a pair: A's and B's value (the mean over replications when replicated; null when the point
     * lacks it) and Welch's test when both are replicated.
     */
    public record Row(String metric, Number a, Number b, Welch welch) {

        /** How close, relative to the larger, two values count as the same: floating-point rounding, nothing measured. */
        static final double SAME_RELATIVE = 1e-9;

        /** Returns {@code B / A}, or NaN when either is missing or A is zero. */
        public double ratio() {
            return a == null || b == null || a.doubleValue() == 0 ? Double.NaN : b.doubleValue() / a.doubleValue();
        }

        /** Returns {@code B - A}, a {@link Long} when both are, or null when either is missing. */
        public Number difference() {
            if (a == null || b == null) {
                return null;
            }
            if (a instanceof Long x && b instanceof Long y) {
                return y - x;
            }
            return b.doubleValue() - a.doubleValue();
        }

        /** Returns whether the two values are the same. */
        public boolean same() {
            if (a == null || b == null) {
                return a == b;
            }
            double x = a.doubleValue();
            double y = b.doubleValue();
            // equal, or equal but for floating-point rounding (a ratio of 1 computed two ways), not a difference to count
            return Double.compare(x, y) == 0 || Math.abs(x - y) <= SAME_RELATIVE * Math.max(Math.abs(x), Math.abs(y));
        }
    }

    /** Compares two folders where their points match (by their sweep values). */
    public static Comparison of(String nameA, List<PointFigures> a, String nameB, List<PointFigures> b) {
        Map<String, PointFigures> byLabel = new LinkedHashMap<>();
        b.forEach(p -> byLabel.putIfAbsent(p.label(), p));
        List<Pair> pairs = new ArrayList<>();
        List<String> onlyA = new ArrayList<>();
        Set<String> matched = new LinkedHashSet<>();
        for (PointFigures p : a) {
            PointFigures match = byLabel.get(p.label());
            if (match == null || !matched.add(p.label())) {
                onlyA.add(p.displayLabel());
            } else {
                pairs.add(pair(p, match));
            }
        }
        List<String> onlyB = b.stream().filter(p -> !matched.contains(p.label())).map(PointFigures::displayLabel).toList();
        return new Comparison(nameA, nameB, pairs, onlyA, onlyB);
    }

    /** Compares two chosen points, whatever their labels. */
    public static Comparison points(String nameA, PointFigures a, String nameB, PointFigures b) {
        return new Comparison(nameA, nameB, List.of(pair(a, b)), List.of(), List.of());
    }

    /** Returns the pair of {@code a} and {@code b}: every metric of either, A's order first. */
    static Pair pair(PointFigures a, PointFigures b) {
        Set<String> metrics = new LinkedHashSet<>(a.total().keySet());
        metrics.addAll(a.replications().keySet());
        metrics.addAll(b.total().keySet());
        metrics.addAll(b.replications().keySet());
        List<Row> rows = new ArrayList<>();
        for (String metric : metrics) {
            Interval ra = a.replications().get(metric);
            Interval rb = b.replications().get(metric);
            Number va = ra != null ? (Number) ra.mean() : a.total().get(metric);
            Number vb = rb != null ? (Number) rb.mean() : b.total().get(metric);
            rows.add(new Row(metric, va, vb, Welch.of(ra, rb)));
        }
        return new Pair(a, b, differences(a.yaml(), b.yaml()), rows);
    }

    /** The scenario fields whose resolved values differ: {@code field: A -> B}, in A's order. */
    static List<String> differences(String yamlA, String yamlB) {
        Map<String, String> a = flatten(yamlA);
        Map<String, String> b = flatten(yamlB);
        Set<String> fields = new LinkedHashSet<>(a.keySet());
        fields.addAll(b.keySet());
        List<String> out = new ArrayList<>();
        for (String field : fields) {
            String va = a.get(field);
            String vb = b.get(field);
            if (!Objects.equals(va, vb)) {
                out.add(field + ": " + (va == null ? "(absent)" : va) + " -> " + (vb == null ? "(absent)" : vb));
            }
        }
        return out;
    }

    /** Flattens a YAML document to field paths ({@code host.swap-device.kind}, {@code tenants[0].name}) and values. */
    static Map<String, String> flatten(String yaml) {
        Map<String, String> out = new LinkedHashMap<>();
        if (yaml == null || yaml.isBlank()) {
            return out;
        }
        try {
            flatten("", new ObjectMapper(new YAMLFactory()).readTree(yaml), out);
        } catch (IOException e) {
            out.put("(scenario)", "unreadable: " + e.getMessage());
        }
        return out;
    }

    private static void flatten(String path, JsonNode node, Map<String, String> out) {
        if (node == null) {
            return;
        }
        if (node.isObject()) {
            node.fields().forEachRemaining(e -> flatten(path.isEmpty() ? e.getKey() : path + "." + e.getKey(), e.getValue(), out));
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                flatten(path + "[" + i + "]", node.get(i), out);
            }
        } else {
            out.put(path, node.asText());
        }
    }
}
