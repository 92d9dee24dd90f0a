package org.overbook.guest;

/**
 * Workloads by name. A scenario names a workload; the registry finds its factory, creates it from the
 * scenario's parameters, and turns a misspelt name or parameter into an error naming the field.
 *
 * <p>The shape every family shares ({@link Registry}): each entry is a name, a line of description and a
 * factory (usually a constructor reference), registered by a {@link WorkloadProvider}.
 */
public final class WorkloadRegistry extends Registry<WorkloadFactory> {

    /** Returns an empty registry. */
    public WorkloadRegistry() {
        super("workload");
    }

    /** Returns a registry holding every workload of every {@link WorkloadProvider} on the class path. */
    public static WorkloadRegistry discover() {
        return discover(WorkloadRegistry.class.getClassLoader());
    }

    /**
     * Returns a registry holding every workload of every {@link WorkloadProvider} that {@code loader} finds
     * (the built-ins, and a plug-in loader's jars).
     *
     * @throws ConfigurationException naming {@code --plugins} if a provider cannot be loaded or takes a name twice
     */
    public static WorkloadRegistry discover(ClassLoader loader) {
        return load(new WorkloadRegistry(), WorkloadProvider.class, loader, WorkloadProvider::registerWorkloads);
    }

    /**
     * Registers a workload under {@code name}.
     *
     * @throws IllegalArgumentException if the name is blank or taken among the built-ins
     */
    @Override
    public WorkloadRegistry register(String name, String description, WorkloadFactory factory) {
        super.register(name, description, factory);
        return this;
    }

    /**
     * Creates the workload called {@code name}.
     *
     * @param field      where the name sits in the scenario, for error messages
     * @param parameters its parameters
     * @throws ConfigurationException if the name is unknown, a parameter is wrong, or the factory throws or returns nothing
     */
    public Workload create(String field, String name, WorkloadParameters parameters) {
        Workload workload = instantiate(field, name, factory -> factory.create(parameters));
        parameters.rejectUnread();
        return workload;
    }
}
