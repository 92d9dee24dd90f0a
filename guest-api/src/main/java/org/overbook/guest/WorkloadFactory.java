package org.overbook.guest;

/** Makes a workload from its validated parameters; usually a constructor reference. */
@FunctionalInterface
public interface WorkloadFactory {

    /**
     * Creates the workload, reading what it needs from {@code parameters}.
     *
     * @throws ConfigurationException if a parameter is missing, malformed or out of range
     */
    Workload create(WorkloadParameters parameters);
}
