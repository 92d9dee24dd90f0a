package org.overbook.guest;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/** Where a workload reports its own figures at the end of a run (requests done, mismatches, ...). */
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

    /** Reports a count, such as operations completed. */
    void counter(String name, long value);

    /** Reports a measured value, such as a hit ratio. */
    void gauge(String name, double value);
}
