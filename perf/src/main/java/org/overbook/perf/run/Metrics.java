package org.overbook.perf.run;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;
import org.overbook.guest.Workload;
import org.overbook.guest.WorkloadMetrics;
import org.overbook.hypervisor.Tenant;
import org.overbook.hypervisor.memory.SecondLevelTable;
import org.overbook.nic.Nic;
import org.overbook.nic.VfCounters;
import org.overbook.nic.tlb.TlbVfStats;
import org.overbook.nic.vf.StagingArea;
import org.overbook.nic.vf.VirtualFunction;

/**
 * The metric columns and how each is read from a tenant, its VF and the NIC TLB. Column names are fixed
 * here, in the order every output uses; workload metrics follow, prefixed {@value #WORKLOAD_PREFIX}.
 */
public final class Metrics {

    /** Prefix of every metric a workload reports itself. */
    public static final String WORKLOAD_PREFIX = "workload.";
    /** Data-integrity mismatches reported by workloads (must be zero). */
    public static final String MISMATCHES = WORKLOAD_PREFIX + "mismatches";
    /** Requests a workload counts as completed (its own count, whether or not it reports a throughput or latencies). */
    public static final String REQUESTS = WORKLOAD_PREFIX + "requests";
    /** A load generator's measured throughput. */
    public static final String THROUGHPUT = WORKLOAD_PREFIX + "throughput_ops_per_s";
    /** A load generator's measured hit ratio. */
    public static final String HIT_RATIO = WORKLOAD_PREFIX + "hit_ratio";
    /** Requests a tenant's latency histograms hold: 0 or absent when it completed none. */
    public static final String LATENCY_COUNT = "latency_count";
    public static final String P50 = "latency_p50_ns";
    public static final String P99 = "latency_p99_ns";
    public static final String P999 = "latency_p999_ns";
    public static final String TLB_HIT_RATE = "nic_tlb_hit_rate";
    /**
     * The server host's swap store at its largest, in bytes on disk: the length of its files, which are fully
     * allocated. Chronicle Map aligns its files to the OS page, so this is the same on every machine with
     * 4 KiB pages (x86-64, most ARM Linux), not across page sizes.
     */
    public static final String SWAP_PEAK_BYTES = "host_swap_peak_bytes";

    /** The host and NIC columns, in output order. */
    public static final List<String> HOST_COLUMNS = List.of(
            "cpu_minor_faults", "cpu_major_faults", "swap_outs", "resident_pages", "swapped_pages", "ballooned_pages",
            "pinned_pages", "pinned_bytes", "nic_mapped_pages",
            "nic_faults_send_mapping", "nic_faults_send_minor", "nic_faults_send_major",
            "nic_faults_receive_mapping", "nic_faults_receive_minor", "nic_faults_receive_major",
            "rnr_nacks_sent", "rnr_nacks_received", "drops", "retransmits", "timeouts", "staged", "staging_overflows",
            "staging_used", "staging_peak", "upcalls", "protection_errors", "registrations", "registration_cache_hits",
            "registration_cache_misses", "prefetched_pages", "messages_sent", "messages_received", "bytes_sent",
            "bytes_received", "nic_tlb_hits", "nic_tlb_misses", "nic_tlb_evicted", "nic_tlb_evicted_by_others",
            "nic_tlb_occupancy", TLB_HIT_RATE, "vcpu_busy_ns", "vcpu_run_queue_wait_ns", "vcpu_io_stall_ns");

    /**
     * Latency columns, from the tenant's histograms merged (empty for a tenant that records none), with a flag per
     * percentile that too few requests back ({@link SampleSize}).
     */
    public static final List<String> LATENCY_COLUMNS = List.of(LATENCY_COUNT, "latency_mean_ns", P50, P99, P999,
            "latency_max_ns", "latency_p50_undersampled", "latency_p99_undersampled", "latency_p999_undersampled");

    /** Columns that are a state at the end of the run, not a count over the measured window. */
    static final Set<String> STATE = Set.of("resident_pages", "swapped_pages", "ballooned_pages", "pinned_pages",
            "pinned_bytes", "nic_mapped_pages", "staging_used", "staging_peak", "nic_tlb_occupancy");

    private Metrics() {
    }

    /** Reads the host and NIC counters of {@code tenant}, served by {@code nic}, now. */
    static Map<String, Long> hostCounters(Tenant tenant, Nic nic) {
        Map<String, Long> out = new LinkedHashMap<>();
        SecondLevelTable table = tenant.table();
        VirtualFunction vf = nic.vf(tenant.id());
        VfCounters c = vf.counters();
        TlbVfStats tlb = nic.tlb().stats(vf.number());
        StagingArea staging = vf.stagingArea();
        out.put("cpu_minor_faults", tenant.cpuMinorFaults());
        out.put("cpu_major_faults", tenant.cpuMajorFaults());
        out.put("swap_outs", table.swapOuts());
        out.put("resident_pages", (long) table.residentPages());
        out.put("swapped_pages", (long) table.swappedPages());
        out.put("ballooned_pages", (long) table.balloonedPages());
        out.put("pinned_pages", (long) table.pinnedPages());
        out.put("pinned_bytes", vf.pinnedBytes());
        out.put("nic_mapped_pages", (long) vf.translator().mappedPages());
        for (VfCounters.Side side : VfCounters.Side.values()) {
            for (VfCounters.FaultKind kind : VfCounters.FaultKind.values()) {
                out.put("nic_faults_" + side.name().toLowerCase(java.util.Locale.ROOT) + "_"
                        + kind.name().toLowerCase(java.util.Locale.ROOT), c.faults(side, kind));
            }
        }
        out.put("rnr_nacks_sent", c.rnrNacksSent());
        out.put("rnr_nacks_received", c.rnrNacksReceived());
        out.put("drops", c.drops());
        out.put("retransmits", c.retransmits());
        out.put("timeouts", c.timeouts());
        out.put("staged", c.staged());
        out.put("staging_overflows", c.stagingOverflows());
        out.put("staging_used", staging == null ? 0L : staging.used());
        out.put("staging_peak", staging == null ? 0L : staging.peak());
        out.put("upcalls", c.upcalls());
        out.put("protection_errors", c.protectionErrors());
        out.put("registrations", c.registrations());
        out.put("registration_cache_hits", c.registrationCacheHits());
        out.put("registration_cache_misses", c.registrationCacheMisses());
        out.put("prefetched_pages", c.prefetchedPages());
        out.put("messages_sent", c.messagesSent());
        out.put("messages_received", c.messagesReceived());
        out.put("bytes_sent", c.bytesSent());
        out.put("bytes_received", c.bytesReceived());
        out.put("nic_tlb_hits", tlb.hits());
        out.put("nic_tlb_misses", tlb.misses());
        out.put("nic_tlb_evicted", tlb.evicted());
        out.put("nic_tlb_evicted_by_others", tlb.evictedByOthers());
        out.put("nic_tlb_occupancy", (long) tlb.occupancy());
        out.put("vcpu_busy_ns", tenant.vcpu().busyNanos());
        out.put("vcpu_run_queue_wait_ns", tenant.vcpu().runQueueWaitNanos());
        out.put("vcpu_io_stall_ns", tenant.vcpu().stallNanos());
        return out;
    }

    /**
     * Returns {@code metrics}, unmodifiable, each name the JVM's one copy of it ({@link String#intern}): a point's figures
     * are named alike at every point (the names of a tenant's counters are made afresh for each), and a sweep of
     * thousands of points keeps them all, so each name is held once, not once a point.
     */
    static Map<String, Number> withSharedNames(Map<String, Number> metrics) {
        Map<String, Number> out = new LinkedHashMap<>(metrics.size() * 4 / 3 + 1);
        metrics.forEach((name, value) -> out.put(name.intern(), value));
        return Collections.unmodifiableMap(out);
    }

    /** Returns {@code end - start} for counts, {@code end} for states, with the TLB hit rate of the window. */
    static Map<String, Number> window(Map<String, Long> start, Map<String, Long> end) {
        Map<String, Number> out = new LinkedHashMap<>();
        end.forEach((name, value) -> out.put(name, STATE.contains(name) ? value : value - start.getOrDefault(name, 0L)));
        out.put(TLB_HIT_RATE, ratio(out.get("nic_tlb_hits"), out.get("nic_tlb_misses")));
        return out;
    }

    /**
     * Returns the workload's own metrics, prefixed, in the order it reports them. A gauge that is not a finite number
     * (NaN, or an infinity: a rate over no time) was not measured, and is kept as NaN, never as a number: every output
     * writes it as an empty cell, as it writes a figure a tenant does not report.
     */
    static Map<String, Number> workload(Workload workload) {
        Map<String, Number> out = new LinkedHashMap<>();
        WorkloadMetrics.collect(workload::report).forEach((name, value) -> out.put(WORKLOAD_PREFIX + name,
                value instanceof Double d && !Double.isFinite(d) ? Double.NaN : value));
        return out;
    }

    /**
     * Returns whether a point's total sums the gauge a workload reports as {@code name} (unprefixed) over its tenants: a
     * rate, its throughput ({@code throughput_ops_per_s}) or a bandwidth ({@code ..._gbps}); other gauges stay per tenant.
     */
    static boolean summedGauge(String name) {
        return name.endsWith("throughput_ops_per_s") || name.endsWith("gbps");
    }

    /** Returns the latency columns of {@code histogram}, or nothing when it is empty. */
    static Map<String, Number> latency(Histogram histogram) {
        Map<String, Number> out = new LinkedHashMap<>();
        if (histogram == null || histogram.getTotalCount() == 0) {
            return out;
        }
        out.put(LATENCY_COUNT, histogram.getTotalCount());
        out.put("latency_mean_ns", histogram.getMean());
        out.put(P50, histogram.getValueAtPercentile(50));
        out.put(P99, histogram.getValueAtPercentile(99));
        out.put(P999, histogram.getValueAtPercentile(99.9));
        out.put("latency_max_ns", histogram.getMaxValue());
        out.putAll(SampleSize.flags(histogram.getTotalCount()));
        return out;
    }

    static double ratio(Number hits, Number misses) {
        double h = hits == null ? 0 : hits.doubleValue();
        double m = misses == null ? 0 : misses.doubleValue();
        return h + m == 0 ? 0 : h / (h + m);
    }
}
