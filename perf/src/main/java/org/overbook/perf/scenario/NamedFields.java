package org.overbook.perf.scenario;

import java.util.Set;

/**
 * The fields of a scenario that name an entry of a registry other than a workload (a policy, a swap device's kind),
 * which take its name alone ({@code clock}) or a section of its name and parameters
 * ({@code {name: clock, params: {handspread: 16MiB}}}), as {@link Section#named} reads them. A sweep axis or an
 * override may set a parameter of one written by its name alone ({@code host.reclaim.victim-selection.params.handspread}):
 * the name becomes a section first ({@link TreePaths}).
 */
final class NamedFields {

    /** The fields, by path; and each entry of {@value #BY_TENANT}. */
    static final Set<String> PATHS = Set.of("host.reclaim.victim-selection", "host.swap-device.kind", "nic.memory-policy",
            "nic.receive-fault-policy", "nic.tlb.replacement", "nic.tlb.partition", "balloon.policy");

    /** The section of per-tenant memory policies, whose every entry names one. */
    static final String BY_TENANT = "nic.memory-policy-by-tenant";

    private NamedFields() {
    }

    /** Returns whether the field at {@code path} (names joined by dots, no list index) names a policy. */
    static boolean names(String path) {
        return PATHS.contains(path) || path.startsWith(BY_TENANT + ".") && path.indexOf('.', BY_TENANT.length() + 1) < 0;
    }
}
