package org.overbook.guest;

import java.util.Collections;
import java.util.ServiceLoader;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Workloads by name. A scenario names a workload; the registry finds its factory, creates it from the
 * scenario's parameters, and turns a misspelt name or parameter into an error naming the field.
 *
 * <p>An explicit registry, as Caffeine's simulator keeps its policies: each entry is a name, a line of
 * description and a factory (usually a constructor reference).
 */
public final class WorkloadRegistry {

    private record Entry(String description, WorkloadFactory factory) {
    }

    private final SortedMap<String, Entry> entries = new TreeMap<>();

    /** Returns a registry holding every workload of every {@link WorkloadProvider} on the class path. */
    public static WorkloadRegistry discover() {
        WorkloadRegistry registry = new WorkloadRegistry();
        for (WorkloadProvider provider : ServiceLoader.load(WorkloadProvider.class)) {
            provider.registerWorkloads(registry);
        }
        return registry;
    }

    /**
     * Registers a workload under {@code name}.
     *
     * @throws IllegalArgumentException if the name is taken or blank
     */
    public WorkloadRegistry register(String name, String description, WorkloadFactory factory) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a workload needs a name");
        }
        if (entries.putIfAbsent(name, new Entry(description, factory)) != null) {
            throw new IllegalArgumentException("workload '" + name + "' is registered twice");
        }
        return this;
    }

    /**
     * Creates the workload called {@code name}.
     *
     * @param field      where the name sits in the scenario, for error messages
     * @param parameters its parameters
     * @throws ConfigurationException if the name is unknown or a parameter is wrong
     */
    public Workload create(String field, String name, WorkloadParameters parameters) {
        Entry entry = entries.get(name);
        if (entry == null) {
            throw new ConfigurationException(field, "unknown workload '" + name + "'; known: "
                    + (entries.isEmpty() ? "none" : String.join(", ", entries.keySet())));
        }
        Workload workload = entry.factory().create(parameters);
        parameters.rejectUnread();
        return workload;
    }

    /** Returns each registered name with its one-line description, sorted by name. */
    public SortedMap<String, String> descriptions() {
        SortedMap<String, String> out = new TreeMap<>();
        entries.forEach((name, entry) -> out.put(name, entry.description()));
        return Collections.unmodifiableSortedMap(out);
    }
}
