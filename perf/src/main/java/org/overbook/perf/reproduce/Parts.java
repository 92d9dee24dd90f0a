package org.overbook.perf.reproduce;

import java.util.Objects;
import java.util.SequencedMap;
import java.util.function.Function;

/**
 * The parts a figure is the worst of, each kept for the report: NetVM's latency ratio at each message size, whose
 * largest is judged. The paper compares each part with the same bound, so the worst part decides the verdict; the
 * others are printed beside it rather than merged into one number, since a merge would mix distributions as
 * different as an 8 B write's and a 1 MiB write's.
 *
 * @param what   what tells the parts apart, as printed ({@code by message size})
 * @param values each part's value from the measured points, by name ({@code 8 B}), in the order to print them;
 *               throws {@link Measurements.MissingMeasurement} when there is none
 */
public record Parts(String what, Function<Measurements, SequencedMap<String, Double>> values) {

    public Parts {
        Objects.requireNonNull(what, "what");
        Objects.requireNonNull(values, "values");
    }

    /** Returns the largest part's value. */
    double worst(Measurements measurements) {
        return values.apply(measurements).values().stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }
}
