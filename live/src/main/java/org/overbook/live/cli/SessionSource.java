package org.overbook.live.cli;

import java.nio.file.Path;
import java.util.List;
import org.overbook.perf.scenario.SweepPoint;

/**
 * How a live session names what it serves: the line {@code serve} prints as it starts, and the source its results
 * record ({@code session.log}, {@code summary.json}, the title of {@code report.md}). A file of one point is named
 * alone ({@code overbook serve live.yaml}); a point of a sweep is numbered from 0 as {@code run} numbers it, out of the
 * file's points, with its label ({@code overbook serve (default scenario), point 6 of 7 (nic.memory-policy=on-demand,
 * ...)}). {@code replay} takes the source from the log, so a session recorded under an earlier wording replays under
 * that wording, byte for byte.
 */
final class SessionSource {

    private SessionSource() {
    }

    /** Returns the name of point {@code index} of {@code points}, from {@code file} (null: the default scenario). */
    static String of(Path file, List<SweepPoint> points, int index) {
        SweepPoint point = points.get(index);
        String source = "overbook serve " + (file == null ? "(default scenario)" : file.getFileName());
        String which = points.size() == 1 ? "" : ", point " + index + " of " + points.size();
        return source + which + (point.label().isEmpty() ? "" : " (" + point.label() + ")");
    }
}
