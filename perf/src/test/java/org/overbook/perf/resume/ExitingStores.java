package org.overbook.perf.resume;

import java.nio.file.Path;
import java.util.function.BooleanSupplier;

/** Point stores told by the test, not by the JVM, whether the process has begun to exit. */
public final class ExitingStores {

    private ExitingStores() {
    }

    /** Returns the store in {@code workDirectory}, of results of {@code stamp}, that asks {@code exiting} before storing. */
    public static PointStore of(Path workDirectory, BuildStamp stamp, BooleanSupplier exiting) {
        return new PointStore(workDirectory, stamp, null, exiting);
    }
}
