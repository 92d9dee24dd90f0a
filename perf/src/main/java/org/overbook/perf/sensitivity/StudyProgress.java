package org.overbook.perf.sensitivity;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a sensitivity study had measured at one moment ({@link Study#progress()}), all a results folder shows.
 *
 * @param subjects   every subject of the study, by name, in order
 * @param rows       the rows of the estimates measured, in the order the study gives them
 * @param variants   how many variants the study runs: each subject unchanged, then each estimate it uses at -50 % and
 *                   at +50 %
 * @param run        how many of them have run
 * @param measured   per subject, in order, the estimates it uses that have run at both values
 * @param unmeasured per subject, in order, the estimates it uses that have not (yet)
 */
public record StudyProgress(List<String> subjects, List<Sensitivity.Row> rows, int variants, int run,
                            Map<String, List<String>> measured, Map<String, List<String>> unmeasured) {

    public StudyProgress {
        subjects = List.copyOf(subjects);
        rows = List.copyOf(rows);
        measured = copy(measured);
        unmeasured = copy(unmeasured);
    }

    /** Returns whether every variant has run. */
    public boolean complete() {
        return run == variants;
    }

    private static Map<String, List<String>> copy(Map<String, List<String>> byName) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        byName.forEach((subject, estimates) -> out.put(subject, List.copyOf(estimates)));
        return Collections.unmodifiableMap(out);
    }
}
