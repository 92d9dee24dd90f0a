package org.overbook.perf.resume;

import org.overbook.perf.run.TimedResult;

/** What a {@link PointStore} holds for one point: its result, nothing, a result of another build, or one it cannot use. */
public sealed interface Lookup {

    /** A result stored by this build for this very point, read back whole. */
    record Found(TimedResult result) implements Lookup {
    }

    /** Nothing stored for the point. */
    record Absent() implements Lookup {
    }

    /**
     * A result another build of the model stored, or a run on another class path (one with {@code --master}, which
     * adds Spark's libraries, for one on threads, and the other way round): never reused.
     */
    record OtherBuild() implements Lookup {
    }

    /** A stored file that fails its checks; {@code reason} says which ({@code its checksum does not match}). */
    record Unusable(String reason) implements Lookup {
    }
}
