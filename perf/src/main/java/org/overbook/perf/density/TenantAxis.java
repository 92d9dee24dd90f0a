package org.overbook.perf.density;

import java.util.LinkedHashMap;
import java.util.Map;
import org.overbook.guest.ConfigurationException;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.SweepPoint;

/**
 * The axis a density search moves along: the scenario file with {@code tenants.count} set to a number of
 * tenants and, when the clients are count + template too, {@code clients.count} linked to it (each client
 * loading its own tenant, {@code targets: s${index}}; with {@code ${servers}} each loads them all). Everything
 * else stays as the file says: the host's memory above all, so more tenants are more overcommit.
 *
 * <p>Only a file whose tenants are count + template has such an axis, and only a file without a sweep of its
 * own: the search is the sweep.
 */
final class TenantAxis {

    static final String TENANTS = "tenants.count";
    static final String CLIENTS = "clients.count";
    static final String WARM_UP = "warm-up";
    static final String DURATION = "duration";

    private final ScenarioFile file;
    private final boolean linked;

    private TenantAxis(ScenarioFile file) {
        this.file = file;
        this.linked = file.isTemplated("clients");
    }

    /**
     * Returns the tenant axis of {@code file}.
     *
     * @throws ConfigurationException naming {@code sweep} if the file has one, or {@code tenants} if its tenants are a list
     */
    static TenantAxis of(ScenarioFile file) {
        if (file.isSweep()) {
            throw new ConfigurationException("sweep", "the file sweeps " + String.join(", ", file.axes()) + "; accepted here: "
                    + "a file without a sweep (density varies " + TENANTS + " itself)");
        }
        if (!file.isTemplated("tenants")) {
            throw new ConfigurationException("tenants", "a list of " + file.scenario().tenants().size() + " tenants; accepted here: "
                    + "count + template (density varies " + TENANTS + ")");
        }
        return new TenantAxis(file);
    }

    /** Returns the field paths the axis sets, as a label names them. */
    String describe() {
        return linked ? TENANTS + " = " + CLIENTS : TENANTS;
    }

    /**
     * Returns the point of {@code tenants} tenants, numbered 0 (a curve numbers its points once it has them all).
     *
     * @throws ConfigurationException naming the first field at fault at that number of tenants
     */
    SweepPoint point(int tenants) {
        return point(tenants, null);
    }

    /**
     * Returns the point of {@code tenants} tenants with the warm-up and window of {@code window} ({@code
     * --auto-window}; the file's when null), which its label names.
     *
     * @throws ConfigurationException naming the first field at fault at that number of tenants
     */
    SweepPoint point(int tenants, AutoWindow.Window window) {
        Map<String, String> values = new LinkedHashMap<>();
        values.put(TENANTS, Integer.toString(tenants));
        if (linked) {
            values.put(CLIENTS, Integer.toString(tenants));
        }
        if (window != null) {
            values.put(WARM_UP, spelled(window.warmUpNanos()));
            values.put(DURATION, spelled(window.durationNanos()));
        }
        SweepPoint only;
        try {
            only = file.with(values).points().getFirst();
        } catch (ConfigurationException e) {
            String problem = e.problem();
            throw new ConfigurationException(e.field(), problem + " (at " + TENANTS + "=" + tenants + ", which density sets from --min to --max)");
        }
        String label = String.join(", ", values.entrySet().stream().map(v -> v.getKey() + "=" + v.getValue()).toList());
        return new SweepPoint(0, label, values, only.scenario(), only.yaml());
    }

    /** Spells a duration as the scenario file would: {@code 70ms}, {@code 250us}, {@code 1234ns}. */
    private static String spelled(long nanos) {
        return nanos % 1_000_000 == 0 ? nanos / 1_000_000 + "ms" : nanos % 1_000 == 0 ? nanos / 1_000 + "us" : nanos + "ns";
    }
}
