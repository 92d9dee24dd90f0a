package org.overbook.perf.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.overbook.guest.Registry;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.run.TenantRow;
import org.overbook.perf.run.TimedResult;

/**
 * The command's last word on data integrity: exit 1 with one loud line when any value read back differs from the
 * one written. The line names the workloads that counted the mismatches and the tenants they ran in; a built-in's
 * count is a model bug, while a plug-in's comes from its author's own check, which is the first place to look.
 */
final class IntegrityVerdict {

    private IntegrityVerdict() {
    }

    /**
     * Returns 0, or {@link ErrorReporter#FAILURE} with the line on {@code err} if any value read back wrong.
     *
     * @param origins each workload's origin by name ({@value Registry#BUILT_IN} or its jar's file name)
     */
    static int of(List<TimedResult> results, Map<String, String> origins, PrintWriter err) {
        long mismatches = results.stream().mapToLong(r -> r.result().mismatches()).sum();
        if (mismatches == 0) {
            return 0;
        }
        Map<String, Set<String>> tenantsByWorkload = new TreeMap<>();
        for (TimedResult timed : results) {
            for (TenantRow tenant : timed.result().tenants()) {
                if (tenant.value(Metrics.MISMATCHES) > 0) {
                    tenantsByWorkload.computeIfAbsent(tenant.workload(), w -> new TreeSet<>()).add(tenant.name());
                }
            }
        }
        List<String> plugins = new ArrayList<>();
        List<String> counted = new ArrayList<>();
        tenantsByWorkload.forEach((workload, tenants) -> {
            String origin = origins.getOrDefault(workload, Registry.BUILT_IN);
            String name = Registry.BUILT_IN.equals(origin) ? workload : workload + " (" + origin + ")";
            if (!Registry.BUILT_IN.equals(origin)) {
                plugins.add(name);
            }
            counted.add(name + " in " + String.join(", ", tenants));
        });
        err.printf("overbook: DATA INTEGRITY FAILURE: %d mismatches (a value read back differs from the one written)%s%s%n",
                mismatches, counted.isEmpty() ? "" : ", counted by " + String.join("; ", counted),
                plugins.isEmpty() ? "; a model bug, please report it"
                        : "; " + String.join(", ", plugins) + (plugins.size() == 1 ? " is a plug-in whose" : " are plug-ins whose")
                                + " own check counted them: look at that check first, then report a model bug");
        err.flush();
        return ErrorReporter.FAILURE;
    }
}
