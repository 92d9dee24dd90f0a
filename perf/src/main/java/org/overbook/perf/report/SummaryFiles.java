package org.overbook.perf.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.overbook.perf.run.ResourceWindow;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.Saturation;
import org.overbook.perf.run.TenantRow;

/**
 * The text of a results folder's two summaries: {@code summary.csv}, a row per tenant and point with every metric
 * as a column ({@link Columns}), and {@code summary.json}, the same points with their values, totals, contended
 * resources, saturation verdict, replicas and scenario. {@link ResultsWriter} decides when they are written.
 */
final class SummaryFiles {

    private SummaryFiles() {
    }

    static String csv(List<RunResult> results, List<String> columns) {
        StringBuilder out = new StringBuilder("point,label,seed,tenant,host,workload");
        for (String column : columns) {
            out.append(',').append(Columns.csv(column));
        }
        out.append('\n');
        for (RunResult result : results) {
            for (TenantRow row : result.tenants()) {
                line(out, result, row.name(), row.host(), row.workload(), row.metrics(), columns);
            }
            line(out, result, "total", "", "", result.total(), columns);
        }
        return out.toString();
    }

    static void line(StringBuilder out, RunResult result, String tenant, String host, String workload,
                             Map<String, Number> metrics, List<String> columns) {
        out.append(result.index()).append(',').append(Columns.csv(result.label())).append(',').append(result.seed())
                .append(',').append(Columns.csv(tenant)).append(',').append(host).append(',').append(Columns.csv(workload));
        for (String column : columns) {
            out.append(',').append(Columns.format(metrics.get(column)));
        }
        out.append('\n');
    }

    /**
     * The summary as JSON; {@code incomplete} ({@code 3 of 7 points have run}) is written only while the run is
     * incomplete, so that {@code show} and {@code compare} can say so, and a whole run's summary has no such field.
     */
    static String json(String source, List<RunResult> results, Replicated replicated, String incomplete) {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = mapper.createObjectNode();
        root.put("source", source);
        if (!incomplete.isEmpty()) {
            root.put(ResultsWriter.INCOMPLETE, incomplete);
        }
        ArrayNode points = root.putArray("points");
        for (RunResult result : results) {
            ObjectNode point = points.addObject();
            point.put("index", result.index());
            point.put("label", result.label());
            ObjectNode values = point.putObject("values");
            result.values().forEach(values::put);
            point.put("seed", result.seed());
            point.put("warm_up_ns", result.scenario().warmUpNanos());
            point.put("duration_ns", result.scenario().durationNanos());
            point.put("events", result.events());
            point.put("mismatches", result.mismatches());
            ArrayNode tenants = point.putArray("tenants");
            for (TenantRow row : result.tenants()) {
                ObjectNode tenant = tenants.addObject();
                tenant.put("name", row.name());
                tenant.put("host", row.host());
                tenant.put("workload", row.workload());
                metrics(tenant.putObject("metrics"), row.metrics());
            }
            metrics(point.putObject("total"), result.total());
            resources(point, result);
            replicated.json(point, result.index());
            point.put("scenario_yaml", result.yaml());
        }
        try {
            return mapper.writeValueAsString(root) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The point's contended resources over the measured window, and the saturation verdict. */
    private static void resources(ObjectNode point, RunResult result) {
        Saturation verdict = Saturation.of(result.resources());
        ObjectNode saturation = point.putObject("saturation");
        saturation.put("status", verdict.status().name().toLowerCase(Locale.ROOT));
        saturation.put("resource", verdict.resource() == null ? null : verdict.resource().key());
        saturation.put("first_ns", verdict.firstNanos());
        saturation.put("words", verdict.brief());
        ArrayNode resources = point.putArray("resources");
        for (ResourceWindow w : result.resources().windows()) {
            ObjectNode node = resources.addObject();
            node.put("key", w.key());
            node.put("label", w.label());
            node.put("servers", w.usage().servers());
            metrics(node, w.columns());
        }
    }

    static void metrics(ObjectNode node, Map<String, Number> metrics) {
        metrics.forEach((name, value) -> {
            if (value instanceof Long l) {
                node.put(name, l);
            } else if (Double.isFinite(value.doubleValue())) {
                node.put(name, value.doubleValue());
            }
        });
    }
}
