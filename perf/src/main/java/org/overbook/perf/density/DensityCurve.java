package org.overbook.perf.density;

import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.SortedMap;
import java.util.TreeMap;
import org.overbook.perf.run.TimedResult;

/**
 * What a density search found: the curve of its probes, in order of tenants, and the answer. While the search is
 * still going (its bracket not {@link Bracket#done() done}) the curve is what it has judged so far: the answer is
 * a lower bound, and no cause is named yet.
 *
 * @param source         the scenario file
 * @param objective      what every tenant had to meet
 * @param axis           the fields the search set ({@code tenants.count = clients.count})
 * @param bracket        the search's state: its final one, the answer, once the search is over
 * @param points         the probes the search consulted, in order of tenants
 * @param contradictions evaluations that broke monotonicity: fails at the key, meets at the value (only
 *                       speculative evaluations can; see {@link Bracket}); known only once the search is over
 * @param failedProbe    the tenants of the probe whose run failed (threw), which ended the search before it was over;
 *                       empty unless it did
 */
public record DensityCurve(String source, Objective objective, String axis, Bracket bracket, List<CurvePoint> points,
                           SortedMap<Integer, Integer> contradictions, OptionalInt failedProbe) {

    public DensityCurve {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(objective, "objective");
        Objects.requireNonNull(axis, "axis");
        Objects.requireNonNull(bracket, "bracket");
        points = List.copyOf(points);
        contradictions = Collections.unmodifiableSortedMap(new TreeMap<>(contradictions));
        Objects.requireNonNull(failedProbe, "failedProbe");
        if (failedProbe.isPresent() && bracket.done()) {
            throw new IllegalArgumentException("a search a failed probe ended is not over: " + bracket);
        }
    }

    /**
     * Returns which probe's failure ended the search, in words ({@code the probe of 8 tenants failed}), or nothing if
     * none did.
     */
    public String failure() {
        return failedProbe.isEmpty() ? "" : "the probe of " + tenants(failedProbe.getAsInt()) + " failed";
    }

    /** Returns the probe of {@code tenants}, or null if the search did not ask for it. */
    public CurvePoint at(int tenants) {
        return points.stream().filter(p -> p.tenants() == tenants).findFirst().orElse(null);
    }

    /**
     * Returns every replication's run of every probe, in order of tenants, each probe's replications one after another
     * and indexed by the probe's place: a results folder's runs, as a replicated {@code run} has them, and what the
     * data-integrity verdict counts.
     */
    public List<TimedResult> results() {
        return points.stream().flatMap(p -> p.runs().stream()).toList();
    }

    /** Returns whether the search is over: the curve holds every probe it consulted, and the answer is final. */
    public boolean complete() {
        return bracket.done();
    }

    /**
     * Returns the answer in words: {@code 10 tenants (2.50x overcommit) meet p99 <= 500us; 11 do not},
     * {@code at least 64 tenants (...) meet ...: the most tried (--max)}, or {@code none: even 1 tenant
     * (--min) fails ... (c0: ...)}; before the search is over, what it has found so far ({@link #complete()}).
     */
    public String answer() {
        if (!complete()) {
            return soFar();
        }
        if (bracket.answer().isEmpty()) {
            CurvePoint first = at(bracket.min());
            String verb = !first.judgement().measured() ? "could not be measured against" : bracket.min() == 1 ? "fails" : "fail";
            return String.format(Locale.ROOT, "none: even %s (--min, %.2fx overcommit) %s %s (%s)", tenants(bracket.min()),
                    first.overcommit(), verb, objective, first.judgement().reason());
        }
        int most = bracket.answer().getAsInt();
        CurvePoint best = at(most);
        if (bracket.reachedMax()) {
            return String.format(Locale.ROOT, "at least %s (%.2fx overcommit) meet %s: the most tried (--max)", tenants(most),
                    best.overcommit(), objective);
        }
        Judgement next = at(most + 1).judgement();
        return String.format(Locale.ROOT, "%s (%.2fx overcommit) meet%s %s; %d %s (%s)", tenants(most), best.overcommit(),
                most == 1 ? "s" : "", objective, most + 1, next.measured() ? "do not" : "could not be measured", next.reason());
    }

    /**
     * Returns the answer of a search not over yet: {@code at least 4 tenants (1.00x overcommit) meet p99 <= 500us;
     * 8 do not (c2: ...); the search had not finished}.
     */
    private String soFar() {
        if (bracket.answer().isEmpty()) {
            // a first probe that fails ends the search: one not over has judged none yet
            return "none known yet: no probe has been judged; the search had not finished";
        }
        String failed = "";
        if (bracket.failed() <= bracket.max()) {
            Judgement fail = at(bracket.failed()).judgement();
            failed = String.format(Locale.ROOT, "; %d %s (%s)", bracket.failed(), fail.measured() ? "do not"
                    : "could not be measured", fail.reason());
        }
        int most = bracket.answer().getAsInt();
        return String.format(Locale.ROOT, "at least %s (%.2fx overcommit) meet %s%s; the search had not finished",
                tenants(most), at(most).overcommit(), objective, failed);
    }

    /**
     * Returns what decided the answer, named ({@code Cause: memory, through the server swap device writes: ...}):
     * the resource that saturated or bent the metric at the first probe that does not meet the objective
     * ({@link DensityCause}); in Markdown (bold as {@code **}).
     */
    public String cause() {
        return DensityCause.explain(this);
    }

    private static String tenants(int n) {
        return n + (n == 1 ? " tenant" : " tenants");
    }
}
