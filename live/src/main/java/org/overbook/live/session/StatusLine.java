package org.overbook.live.session;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.IntSupplier;
import org.HdrHistogram.Histogram;
import org.overbook.hypervisor.Tenant;
import org.overbook.live.gateway.GatewayEndpoint;
import org.overbook.nic.Testbed;
import org.overbook.nic.VfCounters;

/**
 * The line a live session prints every wall second: virtual time, clients connected, requests per second, the
 * modelled p50 and p99 over the second, how far the model lags the wall clock, and the server tenants' faults over
 * the second. It reads the model's counters on the simulation thread and never changes them.
 */
final class StatusLine {

    private final PrintWriter out;
    private final Testbed testbed;
    private final Stepper stepper;
    private final IntSupplier connections;
    private Histogram previous = new Histogram(3);
    private long previousRequests;
    private long previousCpuFaults;
    private long previousMajorFaults;
    private long previousNicFaults;
    private long previousVirtual;
    private long maxLagNanos;
    private long worstLagNanos;

    StatusLine(PrintWriter out, Testbed testbed, Stepper stepper, IntSupplier connections) {
        this.out = out;
        this.testbed = testbed;
        this.stepper = stepper;
        this.connections = connections;
    }

    /** Notes the model's lag behind the wall clock now, in virtual nanoseconds. */
    void lag(long lagNanos) {
        maxLagNanos = Math.max(maxLagNanos, lagNanos);
        worstLagNanos = Math.max(worstLagNanos, lagNanos);
    }

    /** Returns the largest lag seen in the whole session. */
    long worstLagNanos() {
        return worstLagNanos;
    }

    /** Prints the line for the second that ended {@code wallSeconds} into the session. */
    void print(double wallSeconds) {
        Histogram all = new Histogram(3);
        long requests = 0;
        for (GatewayEndpoint gateway : stepper.gateways()) {
            all.add(gateway.latency());
            requests += gateway.requestsAnswered();
        }
        Histogram second = all.copy();
        second.subtract(previous);
        previous = all;
        long cpu = 0;
        long major = 0;
        long nic = 0;
        for (Tenant tenant : testbed.server().tenants()) {
            cpu += tenant.cpuMinorFaults() + tenant.cpuMajorFaults();
            major += tenant.cpuMajorFaults();
            VfCounters counters = testbed.serverNic().vf(tenant.id()).counters();
            nic += counters.faults(VfCounters.Side.SEND) + counters.faults(VfCounters.Side.RECEIVE);
        }
        long now = stepper.simulation().now();
        double virtualSeconds = (now - previousVirtual) / 1e9;
        boolean any = second.getTotalCount() > 0;
        out.printf(Locale.ROOT, "[%7.1f s] virtual %8.3f s  clients %3d  req/s %8.0f  p50 %8s  p99 %8s  lag %8.3f ms"
                        + "  faults cpu +%d (major +%d) nic +%d%n",
                wallSeconds, now / 1e9, connections.getAsInt(),
                virtualSeconds > 0 ? (requests - previousRequests) / virtualSeconds : 0.0,
                any ? micros(second.getValueAtPercentile(50)) : "-", any ? micros(second.getValueAtPercentile(99)) : "-",
                maxLagNanos / 1e6, cpu - previousCpuFaults, major - previousMajorFaults, nic - previousNicFaults);
        out.flush();
        previousRequests = requests;
        previousCpuFaults = cpu;
        previousMajorFaults = major;
        previousNicFaults = nic;
        previousVirtual = now;
        maxLagNanos = 0;
    }

    private static String micros(long nanos) {
        return String.format(Locale.ROOT, "%.1fus", nanos / 1e3);
    }
}
