package org.overbook.perf.report;

import java.util.List;
import java.util.Locale;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.run.TimedResult;

/**
 * The text of {@code timing.txt}: each point's wall-clock and CPU time, set-up included, its events and requests and
 * their rates. The one file of a results folder that is not a function of the results alone, so it is kept out of
 * the summaries.
 */
final class TimingText {

    private TimingText() {
    }

    static String of(List<TimedResult> results) {
        StringBuilder out = new StringBuilder("# wall-clock and CPU time of each point, set-up included (not deterministic;"
                + " kept out of summary.csv)\n# requests: simulated memcached requests the servers executed (load phase and"
                + " warm-up included); cpu: the CPU time of the thread that ran the point\n");
        long total = 0;
        long totalCpu = 0;
        long totalRequests = 0;
        for (TimedResult timed : results) {
            total += timed.wallNanos();
            totalCpu += timed.cpuNanos();
            totalRequests += timed.requests();
            out.append(String.format(Locale.ROOT, "point %d (%s): %.3f s wall (set-up %.3f s), %.3f s cpu, %d events,"
                            + " %.0f events/s, %d requests, %.0f requests per wall s, %.0f per cpu s,"
                            + " swap store peak %s on disk%n", timed.result().index(), timed.result().displayLabel(),
                    timed.wallNanos() / 1e9, timed.setUpNanos() / 1e9, timed.cpuNanos() / 1e9, timed.result().events(),
                    timed.eventsPerSecond(), timed.requests(), timed.requestsPerWallSecond(),
                    timed.requestsPerCpuSecond(), Report.mebibytes(timed.result().total().get(Metrics.SWAP_PEAK_BYTES))));
        }
        out.append(String.format(Locale.ROOT, "total: %.3f s wall, %.3f s cpu, %d requests%n", total / 1e9,
                totalCpu / 1e9, totalRequests));
        return out.toString();
    }
}
