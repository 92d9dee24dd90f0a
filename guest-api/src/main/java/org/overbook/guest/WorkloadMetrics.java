package org.overbook.guest;

/** Where a workload reports its own figures at the end of a run (requests done, mismatches, ...). */
public interface WorkloadMetrics {

    /** Reports a count, such as operations completed. */
    void counter(String name, long value);

    /** Reports a measured value, such as a hit ratio. */
    void gauge(String name, double value);
}
