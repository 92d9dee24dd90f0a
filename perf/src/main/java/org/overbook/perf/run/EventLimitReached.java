package org.overbook.perf.run;

import java.util.Locale;

/**
 * A run that dispatched as many events as its runner allows ({@link Runner#stoppingAfterEvents}) before reaching its
 * end. It has no stack trace: the runner noticed it between two steps, no code of the model threw it.
 */
public final class EventLimitReached extends RuntimeException {

    private static final long serialVersionUID = 1L;

    EventLimitReached(long limit) {
        super(String.format(Locale.ROOT, "the run dispatched its limit of %,d events before its end; virtual time kept "
                + "moving, so events came faster than the run can afford (an event storm), or the limit is too low for it", limit),
                null, false, false);
    }
}
