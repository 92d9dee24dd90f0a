package org.overbook.perf.fuzz;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.overbook.perf.fuzz.FuzzRunner.Failed;
import org.overbook.perf.fuzz.FuzzRunner.Limited;
import org.overbook.perf.fuzz.FuzzRunner.Outcome;
import org.overbook.perf.fuzz.FuzzRunner.Passed;
import org.overbook.perf.fuzz.FuzzRunner.Refused;

/**
 * A run of many generated scenarios, case {@code i} under seed {@code first + i}, so that a failing case runs again
 * on its own as a campaign of one from its seed. Counts what passed, what was refused (by the field named), what stopped
 * at a limit of the modelled system and what failed (by kind), and keeps every failure with its seed and YAML.
 */
public final class Campaign {

    /** A failing case: its seed, its scenario and how it failed. */
    public record Failure(long seed, String yaml, Failed failed) {

        /** Returns the failure as the probe and the test print it: seed, kind, detail, then the YAML. */
        public String describe() {
            return "seed " + seed + ": " + failed.kind() + ": " + failed.detail() + "\n" + yaml.indent(4);
        }
    }

    private final FuzzRunner runner;
    private final PrintStream log;
    private int passed;
    private long events;
    private long largest;
    private final Map<String, Integer> refusedByField = new TreeMap<>();
    private final Map<String, Integer> limitedByKind = new TreeMap<>();
    private final Map<String, Integer> failedByKind = new TreeMap<>();
    private final List<Failure> failures = new ArrayList<>();
    private final List<Long> idle = new ArrayList<>();

    /** Returns a campaign running its cases with {@code runner}, printing each failure to {@code log} as it comes. */
    public Campaign(FuzzRunner runner, PrintStream log) {
        this.runner = runner;
        this.log = log;
    }

    /** Runs {@code count} cases from seed {@code first}; returns this campaign, its tally updated. */
    public Campaign run(long first, int count) {
        for (int i = 0; i < count; i++) {
            long seed = first + i;
            Outcome outcome = runner.run(seed);
            switch (outcome) {
                case Passed p -> {
                    passed++;
                    events += p.events();
                    largest = Math.max(largest, p.events());
                    if (p.idle()) {
                        idle.add(seed);
                    }
                }
                case Refused r -> refusedByField.merge(r.field().replaceAll("\\[\\d+]", "[]"), 1, Integer::sum);
                case Limited l -> limitedByKind.merge(l.kind(), 1, Integer::sum);
                case Failed f -> {
                    failedByKind.merge(f.kind(), 1, Integer::sum);
                    Failure failure = new Failure(seed, ScenarioGenerator.scenario(seed), f);
                    failures.add(failure);
                    log.println("FAILED " + failure.describe());
                }
            }
        }
        return this;
    }

    /** Returns every failure, in seed order. */
    public List<Failure> failures() {
        return List.copyOf(failures);
    }

    /** Returns how many cases ran twice and held every invariant. */
    public int passed() {
        return passed;
    }

    /** Returns the cases that passed with memcached servers that executed no request at all, a smell worth a look. */
    public List<Long> idle() {
        return List.copyOf(idle);
    }

    /** Returns the tally: cases passed (with their events), refused by field, failed by kind. */
    public String tally() {
        int refused = refusedByField.values().stream().mapToInt(Integer::intValue).sum();
        int limited = limitedByKind.values().stream().mapToInt(Integer::intValue).sum();
        return String.format("%d cases: %d passed (%,d events a run in all, %,d the largest), %d refused %s, %d stopped at a"
                + " limit %s, %d failed %s", passed + refused + limited + failures.size(), passed, events, largest, refused,
                refusedByField, limited, limitedByKind, failures.size(), failedByKind);
    }
}
