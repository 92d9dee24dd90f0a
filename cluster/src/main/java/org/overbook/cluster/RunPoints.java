package org.overbook.cluster;

import java.io.Serial;
import org.apache.spark.api.java.function.Function;

/** The function a Spark task applies: runs a {@link PointTask} and returns its encoded result. */
final class RunPoints implements Function<PointTask, byte[]> {

    @Serial
    private static final long serialVersionUID = 1L;

    @Override
    public byte[] call(PointTask task) {
        return task.run();
    }
}
