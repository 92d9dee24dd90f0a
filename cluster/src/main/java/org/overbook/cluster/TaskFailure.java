package org.overbook.cluster;

import org.overbook.guest.ConfigurationException;
import org.overbook.perf.scenario.SweepPoint;

/**
 * What a point whose task failed (after Spark's retries) reports: the task's own exception when Spark kept it (a
 * {@link ConfigurationException} stays one, so the command still exits 2 naming the field), otherwise one line
 * naming the point and Spark's reason.
 */
final class TaskFailure {

    private TaskFailure() {
    }

    static RuntimeException of(SweepPoint point, Throwable sparkFailure) {
        for (Throwable t = sparkFailure; t != null; t = t.getCause()) {
            if (t instanceof ConfigurationException configuration) {
                return configuration;
            }
        }
        return new IllegalStateException(PointTask.name(point) + " failed on the cluster: " + SparkPointExecutor.firstLine(sparkFailure), sparkFailure);
    }
}
