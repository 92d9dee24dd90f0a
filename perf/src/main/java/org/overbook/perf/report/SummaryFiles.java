package org.overbook.perf.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
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

    /**
     * {@code summary.csv}: a header, every point's rows, then {@code after} (the replicated points' intervals), written
     * to a stream a point at a time, so that a sweep of thousands of points never holds the whole text.
     */
    static AtomicFiles.Content csv(List<RunResult> results, List<String> columns, String after) {
        return out -> {
            StringBuilder header = new StringBuilder("point,label,seed,tenant,host,workload");
            for (String column : columns) {
                header.append(',').append(Columns.csv(column));
            }
            out.write(header.append('\n').toString().getBytes(StandardCharsets.UTF_8));
            for (RunResult result : results) {
                StringBuilder point = new StringBuilder();
                for (TenantRow row : result.tenants()) {
                    line(point, result, row.name(), row.host(), row.workload(), row.metrics(), columns);
                }
                line(point, result, "total", "", "", result.total(), columns);
                out.write(point.toString().getBytes(StandardCharsets.UTF_8));
            }
            out.write(after.getBytes(StandardCharsets.UTF_8));
        };
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
    static AtomicFiles.Content json(List<RunResult> results, String source, Replicated replicated, String incomplete) {
        return out -> {
            ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            try (JsonGenerator json = mapper.writer().createGenerator(out).disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)) {
                json.writeStartObject();
                json.writeStringField("source", source);
                if (!incomplete.isEmpty()) {
                    json.writeStringField(ResultsWriter.INCOMPLETE, incomplete);
                }
                json.writeArrayFieldStart("points");
                for (RunResult result : results) {
                    mapper.writeTree(json, point(mapper, result, replicated));
                }
                json.writeEndArray();
                json.writeEndObject();
            }
            out.write('\n');
        };
    }

    /** One point of {@code summary.json}. */
    private static ObjectNode point(ObjectMapper mapper, RunResult result, Replicated replicated) {
        ObjectNode point = mapper.createObjectNode();
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
        return point;
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
