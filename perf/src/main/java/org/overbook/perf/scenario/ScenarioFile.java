package org.overbook.perf.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.overbook.guest.ConfigurationException;
import org.overbook.perf.plugin.Catalog;

/**
 * A scenario file merged over the reference and validated: every point of its sweep (one point when it
 * has none) has been read and checked, so holding a {@code ScenarioFile} means nothing in it can fail
 * for a configuration reason before it runs.
 *
 * <p>An error at a point names the field as the file writes it: a bad value of a sweep axis names the
 * axis and the value's index ({@code sweep.nic.memory-policy[1]}); any other error names its own field,
 * and ends with the point's label only when it shows at some points and not at others (a tenant that no
 * longer fits at {@code tenants.count=5}): a mistake every point makes alike (a misspelt field) has nothing
 * to do with the sweep. A client's missing server at some points of a sweep that varies the number of tenants or of
 * clients alone also says how to sweep the two together, and servers left without a client are warned of
 * ({@link UnloadedServers}).
 */
public final class ScenarioFile {

    private final String source;
    private final ObjectNode tree;
    private final Catalog registry;
    private final List<String> axes;
    private final List<SweepPoint> points;
    private final int replications;
    private final List<String> warnings;

    ScenarioFile(String source, ObjectNode tree, Catalog registry) {
        this.source = source;
        this.tree = tree;
        this.registry = registry;
        List<SweepExpander.Axis> sweep = SweepExpander.axes(tree);
        this.axes = sweep.stream().flatMap(a -> a.paths().stream()).toList();
        List<SweepPoint> resolved = new ArrayList<>();
        List<JsonNode> trees = new ArrayList<>();
        List<SweepExpander.Point> expanded = SweepExpander.expand(tree, sweep);
        for (SweepExpander.Point point : expanded) {
            resolved.add(new SweepPoint(resolved.size(), point.label(), point.values(), resolve(point, sweep, expanded),
                    YamlTrees.write(point.tree())));
            trees.add(point.tree());
        }
        this.points = List.copyOf(resolved);
        List<String> found = new ArrayList<>(DecimalSizes.warnings(trees));
        found.addAll(UnloadedServers.warnings(points, sweep));
        this.warnings = List.copyOf(found);
        this.replications = (int) Section.open("", tree, ScenarioReader.FIELDS).integer("replications", 1, MAX_REPLICATIONS);
    }

    /** A workload parameter naming the tenants across the link it connects to, as errors name it. */
    private static final Pattern CONNECTION = Pattern.compile("(tenants|clients)\\[\\d+]\\.workload\\.params\\.(target|targets|peer|peers)");

    /** The most replications a scenario may ask for: each is a whole run of every point. */
    public static final int MAX_REPLICATIONS = 1000;

    /**
     * Returns how many times each point runs, each time under its own seed derived from the scenario's
     * ({@code org.overbook.perf.run.Replications}): 1 unless the file sets {@code replications}.
     */
    public int replications() {
        return replications;
    }

    private Scenario resolve(SweepExpander.Point point, List<SweepExpander.Axis> sweep, List<SweepExpander.Point> all) {
        try {
            return checked(point);
        } catch (ConfigurationException e) {
            if (sweep.isEmpty()) {
                throw e;
            }
            String problem = e.problem();
            for (int a = 0; a < sweep.size(); a++) {
                for (String path : sweep.get(a).paths()) {
                    if (e.field().equals(path) || e.field().startsWith(path + ".") || e.field().startsWith(path + "[")) {
                        throw new ConfigurationException(SweepExpander.field(sweep.get(a).key()) + "[" + point.choice()[a] + "]",
                                e.field() + ": " + problem);
                    }
                }
            }
            if (all.stream().allMatch(other -> sameMistake(other, e))) {
                throw e;
            }
            String hint = CONNECTION.matcher(e.field()).matches() ? UnloadedServers.countsHint(sweep) : "";
            throw new ConfigurationException(e.field(), problem + " (at sweep point " + point.label() + ")"
                    + (hint.isEmpty() ? "" : "; " + hint));
        }
    }

    private Scenario checked(SweepExpander.Point point) {
        Scenario scenario = ScenarioReader.read(point.tree(), registry.policies().swapDevices());
        ScenarioChecks.check(scenario, registry);
        return scenario;
    }

    /** Returns whether {@code point} fails with {@code mistake}'s very error: same field, same words. */
    private boolean sameMistake(SweepExpander.Point point, ConfigurationException mistake) {
        try {
            checked(point);
            return false;
        } catch (ConfigurationException e) {
            return e.field().equals(mistake.field()) && e.problem().equals(mistake.problem());
        }
    }

    /**
     * Returns what the file writes that is valid but most likely not what was meant, a line each, naming the field
     * ({@code host.memory: 64MB is 64000000 bytes (61.0 MiB), ...}), or server tenants no client connects to beside
     * tenants of their workload that clients load, at points of a sweep that varies one count and not the other
     * ({@link UnloadedServers}); none for most files.
     */
    public List<String> warnings() {
        return warnings;
    }

    /** Returns where the file came from, as errors name it. */
    public String source() {
        return source;
    }

    /** Returns the points: the cross product of the sweep axes in nested-loop order, or the one scenario. */
    public List<SweepPoint> points() {
        return points;
    }

    /** Returns whether the file has a sweep. */
    public boolean isSweep() {
        return !axes.isEmpty();
    }

    /** Returns the swept field paths, in axis order (linked paths one by one). */
    public List<String> axes() {
        return axes;
    }

    /**
     * Returns the one scenario of a file without a sweep.
     *
     * @throws ConfigurationException naming {@code sweep} if the file has several points
     */
    public Scenario scenario() {
        if (points.size() != 1) {
            throw new ConfigurationException("sweep", "this file sweeps " + String.join(", ", axes) + " over " + points.size()
                    + " points; accepted here: a scenario without a sweep (run its points with sweep)");
        }
        return points.getFirst().scenario();
    }

    /**
     * Returns this file with the field at {@code path} set to {@code yamlValue}, as if the file had written
     * it: the override a density search makes ({@code tenants.count}) or a command line's {@code --set}.
     *
     * @throws ConfigurationException naming {@code path} if it names no field, or the first field at fault
     */
    public ScenarioFile with(String path, String yamlValue) {
        return with(Map.of(path, yamlValue));
    }

    /**
     * Returns this file with several fields set at once, as {@link #with(String, String)} sets one: fields that
     * must change together ({@code tenants.count} and {@code clients.count}) are checked together.
     *
     * @param values YAML values by field path
     * @throws ConfigurationException naming the first path that names no field, or the first field at fault
     */
    public ScenarioFile with(Map<String, String> values) {
        ObjectNode copy = tree.deepCopy();
        values.forEach((path, yamlValue) -> TreePaths.set(copy, path, YamlTrees.value(yamlValue, path), path));
        return new ScenarioFile(source, copy, registry);
    }

    /**
     * Returns whether {@code list} ({@code tenants} or {@code clients}) is written as count + template, the form
     * whose size one field sets, rather than as a list of entries.
     */
    public boolean isTemplated(String list) {
        return isTemplated(tree, list);
    }

    /** Returns whether {@code list} is written as count + template in {@code tree}, a file's or one point's. */
    static boolean isTemplated(ObjectNode tree, String list) {
        if (!"tenants".equals(list) && !"clients".equals(list)) {
            throw new IllegalArgumentException("not a list of tenants: " + list);
        }
        return tree.get(list).isObject();
    }

    /** Returns the merged file as YAML, every default spelled out. */
    public String yaml() {
        return YamlTrees.write(tree);
    }

    @Override
    public String toString() {
        return "ScenarioFile[" + source + ", " + points.size() + " point(s)]";
    }
}
