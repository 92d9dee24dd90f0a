package org.overbook.perf.run;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Every tenant's page counts and cumulative fault counters, sampled over a whole run, warm-up included.
 *
 * <h2>Design</h2>
 * The runner already runs a simulation in {@link Runner#PROGRESS_SLICES} slices to report progress, and
 * {@code Simulation.runUntil} dispatches every event due at or before its argument, so reading counters
 * between two slices observes the model without changing it. The samples are: one at virtual time 0, before
 * the first event, then one at the end of every slice, which is every multiple of {@code floor(end / 100)}
 * nanoseconds, plus the end of the warm-up and the end of the run when they fall between two multiples. So
 * a run has 101 or 102 samples, and the sample at {@link #warmUpNanos()} is where the measured window starts:
 * a fault count of the summary is the last sample's minus that one's; a page count of the summary is the last
 * sample's.
 *
 * <p>Values are kept in one primitive array, sample by sample, tenant by tenant, {@link Series} by series;
 * sampling reads a handful of counters per tenant per slice and does no work per event. The value is
 * immutable and compares by content, so a {@link RunResult} holding it stays a value (a cache value of
 * {@link PointCache}, equal for equal runs). Its {@link #summary()} keeps the tenants and the warm-up's end, not the
 * samples: what a sweep of many points keeps once the samples are written ({@link RunResult#summary()}).
 */
public final class TimeSeries {

    /** What is sampled for each tenant, in output order: page counts (a state), then cumulative fault counts. */
    public enum Series {
        RESIDENT_PAGES("resident_pages", true),
        SWAPPED_PAGES("swapped_pages", true),
        BALLOONED_PAGES("ballooned_pages", true),
        PINNED_PAGES("pinned_pages", true),
        CPU_MINOR_FAULTS("cpu_minor_faults", false),
        CPU_MAJOR_FAULTS("cpu_major_faults", false),
        /** Network page faults of the tenant's VF on send (DMA read), every kind. */
        NIC_FAULTS_SEND("nic_faults_send", false),
        /** Network page faults of the tenant's VF on receive (DMA write), every kind. */
        NIC_FAULTS_RECEIVE("nic_faults_receive", false);

        private static final List<Series> ALL = List.of(values());

        private final String column;
        private final boolean state;

        Series(String column, boolean state) {
            this.column = column;
            this.state = state;
        }

        /** Returns the column name, the same as the matching {@code summary.csv} column where there is one. */
        public String column() {
            return column;
        }

        /** Returns true for a page count (a state), false for a fault counter (cumulative since time 0). */
        public boolean isState() {
            return state;
        }

        /** Returns every series, in output order. */
        public static List<Series> all() {
            return ALL;
        }
    }

    private final long warmUpNanos;
    private final List<String> tenants;
    private final long[] times;
    private final long[] values;
    private final int warmUpSample;

    /**
     * @param warmUpNanos virtual time the measured window starts at, one of {@code times}
     * @param tenants     tenant names, server tenants then client tenants, as in {@link RunResult#tenants()}
     * @param times       sample times in virtual nanoseconds, strictly increasing, at least one
     * @param values      {@code times.length * tenants.size() * Series.all().size()} values, sample by sample,
     *                    tenant by tenant, series by series
     */
    public TimeSeries(long warmUpNanos, List<String> tenants, long[] times, long[] values) {
        this.warmUpNanos = warmUpNanos;
        this.tenants = List.copyOf(tenants);
        this.times = times.clone();
        this.values = values.clone();
        if (this.times.length == 0) {
            throw new IllegalArgumentException("a time series needs a sample");
        }
        for (int i = 1; i < this.times.length; i++) {
            if (this.times[i] <= this.times[i - 1]) {
                throw new IllegalArgumentException("sample times must increase: " + Arrays.toString(this.times));
            }
        }
        if (this.values.length != this.times.length * this.tenants.size() * Series.ALL.size()) {
            throw new IllegalArgumentException(this.values.length + " values for " + this.times.length + " samples of "
                    + this.tenants.size() + " tenants");
        }
        this.warmUpSample = Arrays.binarySearch(this.times, warmUpNanos);
        if (warmUpSample < 0) {
            throw new IllegalArgumentException("no sample at the end of the warm-up, " + warmUpNanos + " ns");
        }
    }

    /** A summary: the tenants and the warm-up's end, without samples. */
    private TimeSeries(long warmUpNanos, List<String> tenants) {
        this.warmUpNanos = warmUpNanos;
        this.tenants = tenants;
        this.times = null;
        this.values = null;
        this.warmUpSample = -1;
    }

    /** Returns this series without its samples: its tenants and the warm-up's end alone. */
    public TimeSeries summary() {
        return times == null ? this : new TimeSeries(warmUpNanos, tenants);
    }

    /** Returns about how many bytes of heap the samples take (none for a {@link #summary()}). */
    long footprintBytes() {
        return times == null ? 0 : Long.BYTES * ((long) times.length + values.length);
    }

    /** Returns the virtual time the measured window starts at (nanoseconds). */
    public long warmUpNanos() {
        return warmUpNanos;
    }

    /** Returns the index of the sample taken at the end of the warm-up. */
    public int warmUpSample() {
        samples();
        return warmUpSample;
    }

    /** Returns the tenant names, in the order of {@link RunResult#tenants()}. */
    public List<String> tenants() {
        return tenants;
    }

    /** Returns how many samples were taken. */
    public int samples() {
        if (times == null) {
            throw new IllegalStateException("a summary of a time series has no samples: they were let go once written");
        }
        return times.length;
    }

    /** Returns the virtual time of sample {@code sample}, in nanoseconds. */
    public long timeNanos(int sample) {
        samples();
        return times[sample];
    }

    /** Returns {@code series} of tenant number {@code tenant} at sample {@code sample}. */
    public long value(int sample, int tenant, Series series) {
        Objects.checkIndex(tenant, tenants.size());
        samples();
        return values[(sample * tenants.size() + tenant) * Series.ALL.size() + series.ordinal()];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TimeSeries other && warmUpNanos == other.warmUpNanos && tenants.equals(other.tenants)
                && Arrays.equals(times, other.times) && Arrays.equals(values, other.values);
    }

    @Override
    public int hashCode() {
        return Objects.hash(warmUpNanos, tenants, Arrays.hashCode(times), Arrays.hashCode(values));
    }

    @Override
    public String toString() {
        return "TimeSeries[" + (times == null ? "no" : String.valueOf(times.length)) + " samples of " + tenants + ", warm-up to " + warmUpNanos + " ns]";
    }
}
