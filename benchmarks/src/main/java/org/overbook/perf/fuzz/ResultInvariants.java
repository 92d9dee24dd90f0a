package org.overbook.perf.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.TenantRow;
import org.overbook.perf.run.TimeSeries;
import org.overbook.perf.run.TimeSeries.Series;
import org.overbook.perf.scenario.Scenario;
import org.overbook.perf.scenario.TenantSpec;

/**
 * What every run's result must satisfy, whatever the scenario: figures finite and not negative, no value read back
 * other than written, memory no tenant or host can exceed, counters that agree with each other (a load generator's
 * completed requests and its latency histogram, the faults by kind and the time series' totals, the clients'
 * requests and the servers'), utilisations within [0, 1] and percentiles in order.
 */
final class ResultInvariants {

    private static final long PAGE = 4096;
    private static final double SLACK = 1e-9;
    /** Figures that may be -1: a load phase that has not ended. */
    private static final Set<String> MAY_BE_NEGATIVE = Set.of("workload.load_phase_end_ns");
    /** Counters a correct model and a correct workload leave at 0 whatever the scenario. */
    private static final List<String> MUST_BE_ZERO = List.of(Metrics.MISMATCHES, "workload.corrupt", "workload.stale",
            "workload.malformed_replies", "workload.unexpected_bytes", "workload.protocol_errors",
            "workload.server_stray_completions", "protection_errors");
    private static final List<String> LOAD_GENERATORS = List.of("memaslap", "etc", "ycsb");

    private final RunResult result;
    private final Scenario scenario;
    private final List<String> violations = new ArrayList<>();

    private ResultInvariants(RunResult result) {
        this.result = result;
        this.scenario = result.scenario();
    }

    /** Returns every invariant {@code result} breaks, a line each; empty when it holds them all. */
    static List<String> check(RunResult result) {
        ResultInvariants check = new ResultInvariants(result);
        check.figures("total", result.total());
        for (TenantRow row : result.tenants()) {
            check.figures(row.name(), row.metrics());
            check.tenant(row);
        }
        check.host();
        check.requests();
        check.timeSeries();
        return check.violations;
    }

    private void figures(String who, Map<String, Number> metrics) {
        metrics.forEach((name, value) -> {
            double v = value.doubleValue();
            if (!Double.isFinite(v)) {
                violations.add(who + ": " + name + " is " + v);
            } else if (v < 0 && !(MAY_BE_NEGATIVE.contains(name) && v == -1)) {
                violations.add(who + ": " + name + " is negative (" + value + ")");
            } else if (name.endsWith("_utilisation") && v > 1 + SLACK) {
                violations.add(who + ": " + name + " is " + v + ", over 1");
            }
        });
        for (String name : MUST_BE_ZERO) {
            if (metrics.containsKey(name) && metrics.get(name).doubleValue() != 0) {
                violations.add(who + ": " + name + " is " + metrics.get(name) + ", not 0");
            }
        }
    }

    private void tenant(TenantRow row) {
        Map<String, Number> m = row.metrics();
        long guestPages = guestPages(row);
        long held = get(m, "resident_pages") + get(m, "swapped_pages") + get(m, "ballooned_pages");
        expect(held <= guestPages, row.name() + ": resident + swapped + ballooned pages " + held + " exceed the guest's "
                + guestPages);
        expect(get(m, "pinned_pages") <= get(m, "resident_pages"), row.name() + ": pinned pages " + get(m, "pinned_pages")
                + " exceed its resident pages " + get(m, "resident_pages"));
        expect(get(m, "nic_mapped_pages") <= guestPages, row.name() + ": the NIC maps " + get(m, "nic_mapped_pages")
                + " pages of a guest of " + guestPages);
        expect(get(m, "staging_used") <= get(m, "staging_peak"), row.name() + ": staging used " + get(m, "staging_used")
                + " above its peak " + get(m, "staging_peak"));
        double hitRate = m.getOrDefault(Metrics.TLB_HIT_RATE, 0).doubleValue();
        expect(hitRate <= 1 + SLACK, row.name() + ": NIC TLB hit rate " + hitRate);
        long entries = (long) scenario.nic().tlb().sets() * scenario.nic().tlb().ways();
        expect(get(m, "nic_tlb_occupancy") <= entries, row.name() + ": NIC TLB occupancy " + get(m, "nic_tlb_occupancy")
                + " of " + entries + " entries");
        if (m.containsKey(Metrics.P50)) {
            long p50 = get(m, Metrics.P50);
            long p99 = get(m, Metrics.P99);
            long p999 = get(m, Metrics.P999);
            long max = get(m, "latency_max_ns");
            expect(p50 <= p99 && p99 <= p999 && p999 <= max, row.name() + ": percentiles out of order: p50 " + p50
                    + ", p99 " + p99 + ", p999 " + p999 + ", max " + max);
        }
        if (LOAD_GENERATORS.contains(row.workload())) {
            expect(get(m, Metrics.REQUESTS) == get(m, Metrics.LATENCY_COUNT), row.name() + ": " + get(m, Metrics.REQUESTS)
                    + " requests completed but " + get(m, Metrics.LATENCY_COUNT) + " latencies recorded");
            expect(get(m, "workload.loaded_keys") <= get(m, "workload.keys_to_load"), row.name() + ": loaded "
                    + get(m, "workload.loaded_keys") + " keys of " + get(m, "workload.keys_to_load"));
            expect(get(m, "workload.hits") + get(m, "workload.misses") >= get(m, "workload.gets"), row.name()
                    + ": fewer keys looked up than gets");
        }
    }

    private void host() {
        long frames = scenario.host().memoryBytes() / PAGE;
        long resident = 0;
        long swapped = 0;
        for (TenantRow row : servers()) {
            resident += get(row.metrics(), "resident_pages");
            swapped += get(row.metrics(), "swapped_pages");
        }
        expect(resident <= frames, "the server tenants hold " + resident + " resident pages, the host has " + frames
                + " frames");
        expect(swapped <= scenario.host().swapBytes() / PAGE, "the server tenants hold " + swapped
                + " swapped pages, the swap holds " + scenario.host().swapBytes() / PAGE);
    }

    /** A load generator's completed requests are measured ones; the servers executed them, and the load, over the run. */
    private void requests() {
        long clients = 0;
        for (TenantRow row : result.tenants()) {
            if (row.host().equals("client") && LOAD_GENERATORS.contains(row.workload())) {
                clients += get(row.metrics(), Metrics.REQUESTS);
            }
        }
        long servers = 0;
        for (TenantRow row : servers()) {
            if (row.workload().equals("memcached")) {
                servers += get(row.metrics(), Metrics.REQUESTS);
            }
        }
        expect(clients <= servers, "the load generators completed " + clients + " requests, the memcached servers "
                + "executed " + servers);
    }

    /**
     * The time series: page counts within the host at every sample, fault counters that never fall, and over the
     * measured window the same faults as the summary, whose kinds add up to the series' totals.
     */
    private void timeSeries() {
        TimeSeries series = result.timeSeries();
        long frames = scenario.host().memoryBytes() / PAGE;
        int servers = scenario.tenants().size();
        for (int sample = 0; sample < series.samples(); sample++) {
            long resident = 0;
            for (int tenant = 0; tenant < servers; tenant++) {
                resident += series.value(sample, tenant, Series.RESIDENT_PAGES);
            }
            if (resident > frames) {
                violations.add("at " + series.timeNanos(sample) + " ns the server tenants hold " + resident
                        + " resident pages, the host has " + frames + " frames");
                break;
            }
        }
        int last = series.samples() - 1;
        int start = series.warmUpSample();
        for (int tenant = 0; tenant < series.tenants().size(); tenant++) {
            String name = series.tenants().get(tenant);
            for (Series s : Series.all()) {
                if (s.isState()) {
                    continue;
                }
                for (int sample = 1; sample < series.samples(); sample++) {
                    if (series.value(sample, tenant, s) < series.value(sample - 1, tenant, s)) {
                        violations.add(name + ": cumulative " + s.column() + " falls at " + series.timeNanos(sample) + " ns");
                        break;
                    }
                }
            }
            Map<String, Number> m = result.tenants().stream().filter(t -> t.name().equals(name)).findFirst()
                    .orElseThrow().metrics();
            windowTotal(name, series, tenant, start, last, Series.CPU_MINOR_FAULTS, get(m, "cpu_minor_faults"));
            windowTotal(name, series, tenant, start, last, Series.CPU_MAJOR_FAULTS, get(m, "cpu_major_faults"));
            windowTotal(name, series, tenant, start, last, Series.NIC_FAULTS_SEND, get(m, "nic_faults_send_mapping")
                    + get(m, "nic_faults_send_minor") + get(m, "nic_faults_send_major"));
            windowTotal(name, series, tenant, start, last, Series.NIC_FAULTS_RECEIVE, get(m, "nic_faults_receive_mapping")
                    + get(m, "nic_faults_receive_minor") + get(m, "nic_faults_receive_major"));
        }
    }

    private void windowTotal(String name, TimeSeries series, int tenant, int start, int last, Series s, long summary) {
        long delta = series.value(last, tenant, s) - series.value(start, tenant, s);
        expect(delta == summary, name + ": " + s.column() + " over the window is " + delta + " in the time series, "
                + summary + " in the summary (by kind)");
    }

    private List<TenantRow> servers() {
        return result.tenants().stream().filter(t -> t.host().equals("server")).toList();
    }

    private long guestPages(TenantRow row) {
        List<TenantSpec> specs = row.host().equals("server") ? scenario.tenants() : scenario.clients();
        return specs.stream().filter(s -> s.name().equals(row.name())).findFirst().orElseThrow().memoryBytes() / PAGE;
    }

    private void expect(boolean holds, String violation) {
        if (!holds) {
            violations.add(violation);
        }
    }

    private static long get(Map<String, Number> metrics, String name) {
        Number value = metrics.get(name);
        return value == null ? 0 : Math.round(value.doubleValue());
    }
}
