package org.overbook.perf.density;

import java.util.Locale;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.Saturation;

/**
 * What decided a density answer, named: the resource that saturated or bent the metric at the first probe that does
 * not meet the objective, the one just above the answer.
 *
 * <h2>The rules (Overbook's choice)</h2>
 * At the first failing probe, compared with the answer (the last probe that meets), whether it was measured or
 * not (a probe whose load phase never ends because the host swaps while loading is not measured, but its cause is
 * still memory):
 * <ol>
 *   <li><b>memory</b> when the host swapped in the measured window there (major faults plus swap-outs, each
 *       named in the cause) and not at the answer, or many times less: the tenants no longer fit in RAM; the
 *       resource that saturated first ({@link Saturation}, the swap device, the swap path, kswapd) is named as how
 *       it bent the metric;</li>
 *   <li>otherwise the resource that saturated first there, by its kind: <b>swap device</b>, <b>CPUs</b>,
 *       <b>PCIe</b>, <b>NIC fault service</b>, <b>memory</b> (the swap path or kswapd);</li>
 *   <li>otherwise the resource that reached 90 % in bursts, the same way;</li>
 *   <li>otherwise, when that probe could not be measured, <b>not measured</b>: the answer is bounded by the
 *       measurement, and nothing is claimed about the host;</li>
 *   <li>otherwise <b>none identified</b>, naming the busiest resource: the figure bent without any modelled
 *       resource reaching 90 %.</li>
 * </ol>
 */
final class DensityCause {

    private static final String MAJOR_FAULTS = "cpu_major_faults";
    private static final String SWAP_OUTS = "swap_outs";
    /** How many times more swapping than at the answer counts as the host starting to swap. */
    private static final double STARTED = 10;

    private DensityCause() {
    }

    /** Returns the cause in a sentence or two, starting with {@code Cause: KIND}. */
    static String explain(DensityCurve curve) {
        Bracket bracket = curve.bracket();
        if (!curve.complete()) {
            return "Cause: not known yet: the search had not finished, so the first probe past the answer is not known.";
        }
        if (bracket.reachedMax()) {
            CurvePoint most = curve.at(bracket.max());
            return "Cause: none within --max: every probe up to " + bracket.max() + " tenants meets the objective; at "
                    + bracket.max() + ", " + lower(Saturation.of(most.timed().result().resources()).sentence());
        }
        CurvePoint first = curve.at(bracket.failed());
        CurvePoint answer = bracket.answer().isPresent() ? curve.at(bracket.answer().getAsInt()) : null;
        String where = String.format(Locale.ROOT, "at %d tenants (%.2fx overcommit), the first probe that does not meet the"
                + " objective", first.tenants(), first.overcommit());
        Saturation saturation = Saturation.of(first.timed().result().resources());
        String resources = saturation.status() == Saturation.Status.UNMODELLED ? "" : " " + saturation.sentence();
        boolean hot = saturation.status() == Saturation.Status.SATURATED || saturation.status() == Saturation.Status.BURSTS;
        String verdict = first.judgement().measured() ? " (" + first.judgement().reason() + ")"
                : ", could not be measured (" + first.judgement().reason() + ")";
        Swapping swapping = Swapping.of(first.timed().result());
        Swapping before = answer == null ? Swapping.NONE : Swapping.of(answer.timed().result());
        if (swapping.total() > 0 && swapping.total() >= STARTED * Math.max(1, before.total())) {
            return String.format(Locale.ROOT, "Cause: memory%s: %s%s; the host swapped in the measured window: %d major"
                            + " faults (pages read back from swap) and %d swap-outs (pages written to swap), against %d and"
                            + " %d at %s. The tenants' memory no longer fits in RAM.%s",
                    hot ? ", through the " + saturation.resource().label() : "", where, verdict, swapping.majorFaults(),
                    swapping.swapOuts(), before.majorFaults(), before.swapOuts(),
                    answer == null ? "fewer tenants" : answer.tenants() + " tenants", resources);
        }
        if (hot) {
            return "Cause: " + kind(saturation.resource().label()) + ": " + where + verdict + "." + resources;
        }
        if (!first.judgement().measured()) {
            return "Cause: not measured: " + where + verdict + ", so the answer is bounded by the measurement, not by a"
                    + " resource of the host." + resources;
        }
        return "Cause: none identified: " + where + verdict + ", but no modelled resource reached 90 % and the host did"
                + " not start swapping." + resources;
    }

    /** Returns the kind of resource a resource label names: {@code server swap device writes} is a swap device. */
    static String kind(String label) {
        if (label.contains("swap device")) {
            return "swap device";
        }
        if (label.contains("swap path") || label.contains("kswapd")) {
            return "memory";
        }
        if (label.contains("CPUs")) {
            return "CPUs";
        }
        if (label.contains("PCIe")) {
            return "PCIe";
        }
        if (label.contains("fault service")) {
            return "NIC fault service";
        }
        return label;
    }

    /**
     * How the host swapped in a run's measured window, every tenant together: pages faulted back in from swap by the
     * guests' CPUs (major faults) and pages written out to swap (swap-outs). The rule judges their sum; the cause
     * names each, since a host reading its pages back and a host writing them out are different stories.
     */
    record Swapping(long majorFaults, long swapOuts) {

        static final Swapping NONE = new Swapping(0, 0);

        static Swapping of(RunResult result) {
            return new Swapping(count(result, MAJOR_FAULTS), count(result, SWAP_OUTS));
        }

        long total() {
            return majorFaults + swapOuts;
        }

        private static long count(RunResult result, String metric) {
            Number n = result.total().get(metric);
            return n == null ? 0 : n.longValue();
        }
    }

    private static String lower(String sentence) {
        return sentence.replace("**The", "**the").replaceFirst("^None", "none").replaceFirst("^No ", "no ");
    }
}
