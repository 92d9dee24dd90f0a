package org.overbook.perf.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.overbook.guest.ConfigurationException;
import org.overbook.perf.run.TenantRow;

/**
 * A results folder read back from its {@code summary.json}: the scenario file's name and every point's figures,
 * for {@code show} and {@code compare}, which never re-run anything.
 *
 * <p>Replications: a replicated point carries {@code "replications": N} and {@code "intervals": {METRIC: {"mean": m,
 * "sd": s, "ci95_low": l, "ci95_high": h}, ...}}, the total's metrics over its N seeds ({@link Replicated}); they are
 * read into {@link PointFigures#replications()}, the intervals the run computed, to the last bit.
 *
 * @param folder     the folder
 * @param source     the scenario file the folder's run came from
 * @param points     its points, in file order
 * @param incomplete how many of its points ran ({@code 3 of 7 points have run}) when the run was interrupted, else
 *                   empty
 */
public record ResultsFolder(Path folder, String source, List<PointFigures> points, String incomplete) {

    /** What {@code show} and {@code compare} read, as their errors say it. */
    private static final String ACCEPTED = "a results folder of overbook run or sweep, or the probes folder of overbook density";

    public ResultsFolder {
        points = List.copyOf(points);
    }

    /**
     * Reads {@code folder}'s {@code summary.json}.
     *
     * @throws ConfigurationException naming {@code option} when the folder or its summary is missing or unreadable
     */
    public static ResultsFolder read(Path folder, String option) {
        if (folder.toString().isEmpty()) {
            // the empty path is the working folder: it would be read as such, or refused under an empty name
            throw new ConfigurationException(option, "'' is an empty path; accepted: " + ACCEPTED);
        }
        Path summary = folder.resolve(ResultsWriter.SUMMARY_JSON);
        if (!Files.isDirectory(folder)) {
            throw new ConfigurationException(option, "'" + folder + "' is not a folder; accepted: " + ACCEPTED);
        }
        if (!Files.isRegularFile(summary)) {
            Path probes = folder.resolve(DensityWriter.PROBES);
            if (Files.isRegularFile(probes.resolve(ResultsWriter.SUMMARY_JSON))) {
                throw new ConfigurationException(option, "'" + folder + "' is a density search's folder, whose probes' results"
                        + " are in '" + probes + "'; accepted: " + ACCEPTED);
            }
            throw new ConfigurationException(option, "'" + folder + "' has no " + ResultsWriter.SUMMARY_JSON + "; accepted: " + ACCEPTED);
        }
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(summary.toFile());
        } catch (JsonProcessingException e) {
            // the parser's own message, without Jackson's "[Source: REDACTED ...]" suffix
            throw new ConfigurationException(option, summary + " is not valid JSON: " + e.getOriginalMessage()
                    + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + ")") + "; accepted: a summary written by overbook run, sweep or density");
        } catch (IOException e) {
            throw new ConfigurationException(option, "cannot read " + summary + ": " + e.getMessage());
        }
        if (root == null || !root.path("points").isArray()) {
            throw new ConfigurationException(option, summary + " has no \"points\" array; it is not a summary of overbook run");
        }
        List<PointFigures> points = new ArrayList<>();
        for (JsonNode point : root.path("points")) {
            points.add(point(point));
        }
        return new ResultsFolder(folder, root.path("source").asText(""), points, root.path(ResultsWriter.INCOMPLETE).asText(""));
    }

    /** Returns the figures of one point of a summary. */
    private static PointFigures point(JsonNode point) {
        Map<String, String> values = new LinkedHashMap<>();
        point.path("values").fields().forEachRemaining(e -> values.put(e.getKey(), e.getValue().asText()));
        List<TenantRow> tenants = new ArrayList<>();
        for (JsonNode tenant : point.path("tenants")) {
            tenants.add(new TenantRow(tenant.path("name").asText(), tenant.path("host").asText(),
                    tenant.path("workload").asText(), metrics(tenant.path("metrics"))));
        }
        JsonNode saturation = point.path("saturation");
        String resourceKey = saturation.path("resource").asText("");
        String resourceLabel = "";
        for (JsonNode resource : point.path("resources")) {
            if (resource.path("key").asText().equals(resourceKey)) {
                resourceLabel = resource.path("label").asText();
            }
        }
        Map<String, Interval> replications = new LinkedHashMap<>();
        int n = point.path("replications").asInt(1);
        point.path("intervals").fields().forEachRemaining(e -> replications.put(e.getKey(), new Interval(n,
                e.getValue().path("mean").asDouble(Double.NaN), e.getValue().path("sd").asDouble(Double.NaN),
                e.getValue().path("ci95_low").asDouble(Double.NaN), e.getValue().path("ci95_high").asDouble(Double.NaN))));
        return new PointFigures(point.path("index").asInt(), point.path("label").asText(""), values,
                point.path("seed").asLong(), point.path("events").asLong(), tenants, metrics(point.path("total")),
                saturation.path("status").asText("unmodelled"), resourceLabel, saturation.path("words").asText(""),
                point.path("scenario_yaml").asText(""), replications);
    }

    /** Reads a metrics object back: integers as {@link Long}, other numbers as {@link Double}. */
    private static Map<String, Number> metrics(JsonNode node) {
        Map<String, Number> out = new LinkedHashMap<>();
        node.fields().forEachRemaining(e -> {
            if (e.getValue().isIntegralNumber()) {
                out.put(e.getKey(), e.getValue().asLong());
            } else if (e.getValue().isNumber()) {
                out.put(e.getKey(), e.getValue().asDouble());
            }
        });
        return out;
    }
}
