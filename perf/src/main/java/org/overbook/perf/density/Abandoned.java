package org.overbook.perf.density;

import java.util.concurrent.CancellationException;

/**
 * Thrown from a run's progress callback to stop a speculative probe the search no longer needs; the runner
 * closes the run's deployment and the point cache forgets the cancelled entry.
 */
final class Abandoned extends CancellationException {

    private static final long serialVersionUID = 1L;

    Abandoned(int tenants) {
        super("probe of " + tenants + " tenants no longer needed");
    }
}
