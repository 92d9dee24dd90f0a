package org.overbook.cluster;

import org.overbook.guest.ConfigurationException;
import org.overbook.perf.run.RunFailure;
import org.overbook.perf.scenario.SweepPoint;

/**
 * What a point whose task failed (after Spark's retries) reports: the task's own exception when Spark kept it, so
 * the command prints the line it prints locally (a {@link ConfigurationException} stays one and the command still
 * exits 2 naming the field; a {@link RunFailure} names the point, the virtual time and where the model's code
 * threw), otherwise a {@link RunFailure} of the point with Spark's reason, the run's own words when Spark quotes them.
 * Either way the failure names the point the driver asked for, not the task's (its scenario is that point alone,
 * point 0 of its own), so a density search can name it as its probe.
 */
final class TaskFailure {

    /** How Spark's reason quotes a run failure whose exception it could not bring back. */
    private static final String QUOTED_RUN_FAILURE = RunFailure.class.getName() + ": ";

    private TaskFailure() {
    }

    static RuntimeException of(SweepPoint point, Throwable sparkFailure) {
        for (Throwable t = sparkFailure; t != null; t = t.getCause()) {
            if (t instanceof ConfigurationException configuration) {
                return configuration;
            }
            if (t instanceof RunFailure run) {
                return run.namedAs(point);
            }
        }
        String reason = SparkPointExecutor.firstLine(sparkFailure);
        int quoted = reason.indexOf(QUOTED_RUN_FAILURE);
        return RunFailure.reported(point, quoted < 0 ? " failed on the cluster: " + reason
                : RunFailure.account(reason.substring(quoted + QUOTED_RUN_FAILURE.length())), sparkFailure);
    }
}
