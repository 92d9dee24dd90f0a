package org.overbook.guest;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Where a workload reports its own figures at the end of a run (requests done, mismatches, ...). Each appears as a column
 * {@code workload.NAME} of the results, per tenant; a name says its unit as the built-ins' do ({@code latency_mean_us},
 * {@code throughput_ops_per_s}, {@code goodput_gbps}), since the results carry no unit but the name. A few names mean
 * something to Overbook: {@code throughput_ops_per_s} is the ops/s of its tables, finding and charts; {@code requests}
 * the requests completed; {@code mismatches} a data-integrity failure (above 0, the command fails); {@code hits} and
 * {@code misses} the hit ratio of a total. A point's total sums the counters and the gauges whose names end in
 * {@code throughput_ops_per_s} or {@code gbps}.
 */
public interface WorkloadMetrics {

    /**
     * Returns what {@code report} reports, by name, in the order it reports it: counters as {@code Long},
     * gauges as {@code Double}. Use it as {@code WorkloadMetrics.collect(workload::report)}.
     */
    static Map<String, Number> collect(Consumer<WorkloadMetrics> report) {
        Map<String, Number> figures = new LinkedHashMap<>();
        report.accept(new WorkloadMetrics() {
            @Override
            public void counter(String name, long value) {
                figures.put(name, value);
            }

            @Override
            public void gauge(String name, double value) {
                figures.put(name, value);
            }
        });
        return figures;
    }

    /**
     * Reports a count, such as operations completed: 0 or more. A negative count is a bug, and the run fails naming it.
     */
    void counter(String name, long value);

    /**
     * Reports a measured value, such as a hit ratio. NaN or an infinity (a rate over no time) means not measured: the results
     * leave it out, never as 0. A gauge a total sums (a throughput, a bandwidth) is 0 or more; a negative one fails the run,
     * naming it.
     */
    void gauge(String name, double value);
}
