package org.overbook.workloads;

import java.util.List;

/**
 * A workload that checks every value it reads against what it wrote itself (a load generator in verify mode). Two
 * such workloads writing the same keys to the same server would each read the other's values and count them as
 * mismatches, though the model moved every byte faithfully; an experiments runner refuses such a scenario before it
 * runs, rather than report a data-integrity failure that is not one.
 */
public interface VerifiedKeys {

    /** Returns the prefix of every key it writes and checks, or {@code null} when it checks nothing. */
    String verifiedKeyPrefix();

    /** Returns the server tenants it writes its keys to. */
    List<String> verifiedTargets();
}
