package org.overbook.perf.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.overbook.perf.run.ResourceWindow;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.Saturation;
import org.overbook.perf.run.TenantRow;

/**
 * The parts of {@code report.md} about contended resources: the rules, each point's verdict and resource
 * table, and, across the points of a sweep ordered by the swept value, where the first one saturated.
 */
final class SaturationReport {

    private SaturationReport() {
    }

    /** Returns the rules paragraph, or nothing when no point has a contended resource. */
    static String rules(List<RunResult> results) {
        if (results.stream().allMatch(r -> r.resources().resources() == 0)) {
            return "";
        }
        return "**How saturation is judged.** " + Saturation.RULES + "\n\n";
    }

    /** Returns the verdict of one point and its resources, one row each, or nothing without resources. */
    static String point(RunResult result) {
        if (result.resources().resources() == 0) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        out.append(Saturation.of(result.resources()).sentence()).append(vcpus(result)).append("\n\n");
        out.append("| resource | servers | utilisation | requests/s | mean wait (µs) | p99 wait (µs) | mean queue | other |\n");
        out.append("|---|---:|---:|---:|---:|---:|---:|---|\n");
        List<String> idle = new ArrayList<>();
        boolean dashes = false;
        for (int r = 0; r < result.resources().resources(); r++) {
            ResourceWindow w = result.resources().window(r);
            if (result.resources().idle(r)) {
                idle.add(w.label());
                continue;
            }
            boolean queued = result.resources().requests(result.resources().samples() - 1, r) > 0;
            dashes |= !queued;
            out.append(String.format(Locale.ROOT, "| %s | %d | %s | %s | %s | %s | %s | %s |%n", w.label(),
                    w.usage().servers(), Saturation.percent(w), queued ? format("%.0f", w.usage().requestsPerSecond()) : "-",
                    queued ? format("%.1f", w.usage().meanWaitNanos() / 1e3) : "-",
                    queued ? format("%.1f", w.usage().p99WaitNanos() / 1e3) : "-",
                    queued ? format("%.2f", w.usage().meanQueueLength()) : "-", other(w)));
        }
        out.append(dashes ? "\nA dash: the resource keeps no requests or waits of its own (a PCIe direction counts bytes).\n\n"
                : "\n");
        if (!idle.isEmpty()) {
            out.append("Idle for the whole run, left out: ").append(String.join(", ", idle)).append(".\n\n");
        }
        return out.toString();
    }

    /**
     * Says where the server tenants' vCPUs spent the window, on average per vCPU: on a pCPU, waiting for one, and
     * stalled on I/O (a tenant whose vCPU mostly waits for swap-ins is latency-bound before any resource is busy).
     */
    private static String vcpus(RunResult result) {
        List<TenantRow> servers = result.tenants().stream().filter(t -> t.host().equals("server")).toList();
        double window = result.scenario().durationNanos();
        if (servers.isEmpty() || window <= 0) {
            return "";
        }
        double scale = 1e3 / (servers.size() * window); // ms per second of the window, per vCPU
        return format(" Each server vCPU, per second of the window on average: %.0f ms on a pCPU, ",
                sum(servers, "vcpu_busy_ns") * scale)
                + format("%.0f ms waiting for one, ", sum(servers, "vcpu_run_queue_wait_ns") * scale)
                + format("%.0f ms stalled on I/O.", sum(servers, "vcpu_io_stall_ns") * scale);
    }

    private static double sum(List<TenantRow> rows, String column) {
        return rows.stream().mapToDouble(t -> t.value(column)).sum();
    }

    /** A rate in words: bytes as Gb/s, nanoseconds as ms per second, counts per second. */
    private static String rate(String name, double perSecond) {
        if (name.equals("bytes")) {
            return format("%.2f Gb/s", perSecond * 8 / 1e9);
        }
        if (name.endsWith("_ns")) {
            return name.substring(0, name.length() - 3).replace('_', ' ') + format(" %.1f ms/s", perSecond / 1e6);
        }
        return name.replace('_', ' ') + format(" %.0f/s", perSecond);
    }

    private static String format(String format, double value) {
        return String.format(Locale.ROOT, format, value);
    }

    private static String other(ResourceWindow w) {
        List<String> parts = new ArrayList<>();
        w.ratesPerSecond().forEach((name, rate) -> parts.add(rate(name, rate)));
        if (!w.serverUtilisation().isEmpty()) {
            parts.add("per server " + w.serverUtilisation().stream().map(u -> String.format(Locale.ROOT, "%.0f", 100 * u))
                    .collect(Collectors.joining(" / ")) + " %");
        }
        return String.join("; ", parts);
    }

    /**
     * Returns, for a sweep, where the first point saturated: the points are ordered by the first swept field whose
     * values are numbers and vary (tenants, memory), numerically, and grouped by the others, leaving out numeric
     * fields that move with it (a density search's clients with its tenants); with no numeric field they are
     * grouped by every field but the last and taken in the file's order of the last.
     * Nothing for a single point or when no point has a contended resource.
     */
    static String acrossPoints(List<RunResult> results) {
        if (results.size() < 2 || results.getFirst().values().isEmpty()
                || results.stream().allMatch(r -> r.resources().resources() == 0)) {
            return "";
        }
        List<String> axes = new ArrayList<>(results.getFirst().values().keySet());
        List<String> numbers = axes.stream().filter(a -> numeric(results, a)
                && results.stream().map(r -> r.values().get(a)).distinct().count() > 1).toList();
        String axis = numbers.isEmpty() ? axes.getLast() : numbers.getFirst();
        // group by the other fields, leaving out numeric ones that move with the ordering field (a density
        // search's clients.count with its tenants.count)
        List<String> words = axes.stream().filter(a -> !numbers.contains(a) && !a.equals(axis)).toList();
        List<String> groupBy = axes.stream().filter(a -> !a.equals(axis)
                && (words.contains(a) || !movesWith(results, a, axis, words))).toList();
        Map<String, List<RunResult>> groups = new LinkedHashMap<>();
        for (RunResult result : results) {
            String group = groupBy.stream().map(a -> "`" + a + "=" + result.values().get(a) + "`")
                    .collect(Collectors.joining(", "));
            groups.computeIfAbsent(group, g -> new ArrayList<>()).add(result);
        }
        StringBuilder out = new StringBuilder("**Across the points.** ");
        for (Map.Entry<String, List<RunResult>> group : groups.entrySet()) {
            boolean numeric = numeric(group.getValue(), axis);
            List<RunResult> ordered = numeric ? group.getValue().stream()
                    .sorted(Comparator.comparingDouble(r -> number(r.values().get(axis)))).toList() : group.getValue();
            String order = numeric ? "ordered by `" : "in the file's order of `";
            out.append(group.getKey().isEmpty() ? Character.toUpperCase(order.charAt(0)) + order.substring(1)
                    : "With " + group.getKey() + ", " + order).append(axis).append("`: ")
                    .append(firstSaturated(ordered, axis)).append(' ');
        }
        return out.toString().strip() + "\n\n";
    }

    /** Returns the sentence naming the first of {@code ordered} to saturate a resource. */
    static String firstSaturated(List<RunResult> ordered, String axis) {
        for (int i = 0; i < ordered.size(); i++) {
            RunResult result = ordered.get(i);
            Saturation verdict = Saturation.of(result.resources());
            if (verdict.saturated()) {
                String before = i == 0 ? " (already at the first point)"
                        : busiest(ordered.subList(0, i), axis, "; before it the busiest");
                return String.format(Locale.ROOT, "the first point to saturate a resource is `%s=%s` (point %d), where the"
                                + " %s saturated at %s%s.", axis, result.values().get(axis), result.index(),
                        verdict.resource().label(), Saturation.percent(verdict.resource()), before);
            }
        }
        return "no point saturated a resource" + busiest(ordered, axis, "; the busiest") + ".";
    }

    private static String busiest(List<RunResult> results, String axis, String lead) {
        ResourceWindow best = null;
        RunResult at = null;
        for (RunResult result : results) {
            for (ResourceWindow w : result.resources().windows()) {
                if (best == null || w.usage().utilisation() > best.usage().utilisation()) {
                    best = w;
                    at = result;
                }
            }
        }
        return best == null ? "" : String.format(Locale.ROOT, "%s was the %s at %s (`%s=%s`)", lead, best.label(),
                Saturation.percent(best), axis, at.values().get(axis));
    }

    /** Returns whether {@code field}'s value follows from {@code axis}'s and the {@code words} fields' values. */
    private static boolean movesWith(List<RunResult> results, String field, String axis, List<String> words) {
        Map<List<String>, String> seen = new java.util.HashMap<>();
        for (RunResult r : results) {
            List<String> key = new ArrayList<>();
            key.add(r.values().get(axis));
            words.forEach(w -> key.add(r.values().get(w)));
            String before = seen.putIfAbsent(key, r.values().get(field));
            if (before != null && !before.equals(r.values().get(field))) {
                return false;
            }
        }
        return true;
    }

    private static boolean numeric(List<RunResult> results, String axis) {
        return results.stream().allMatch(r -> number(r.values().get(axis)) != null);
    }

    private static Double number(String value) {
        try {
            return value == null ? null : Double.valueOf(value);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
