package org.overbook.perf.run.codec;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.overbook.hypervisor.resource.ResourceUsage;
import org.overbook.perf.run.ResourceSeries;
import org.overbook.perf.run.ResourceWindow;

/**
 * The {@link ResourceSeries} part of {@link ResultCodec}'s form: every resource's window (key, label, usage,
 * each server's utilisation, its own rates), then each resource's lane count and lane capacity, the sample times
 * and the warm-up sample, and the cumulative booked busy time of each lane, requests and waits sample by sample.
 * Doubles go by their bits, so the decoded series is {@code equals} to the encoded one; the served busy time is
 * not sent, the series derives it again from the booked.
 */
final class ResourceSeriesCodec {

    private ResourceSeriesCodec() {
    }

    static void write(DataOutputStream out, ResourceSeries series) throws IOException {
        int resources = series.resources();
        out.writeInt(resources);
        for (ResourceWindow window : series.windows()) {
            writeWindow(out, window);
        }
        for (int r = 0; r < resources; r++) {
            out.writeInt(series.lanes(r));
            out.writeInt(series.capacity(r));
        }
        out.writeInt(series.samples());
        for (int s = 0; s < series.samples(); s++) {
            out.writeLong(series.timeNanos(s));
        }
        out.writeInt(series.warmUpSample());
        for (int s = 0; s < series.samples(); s++) {
            for (int r = 0; r < resources; r++) {
                for (int l = 0; l < series.lanes(r); l++) {
                    out.writeLong(series.laneBookedNanos(s, r, l));
                }
            }
        }
        for (int s = 0; s < series.samples(); s++) {
            for (int r = 0; r < resources; r++) {
                out.writeLong(series.requests(s, r));
                out.writeLong(series.waitNanos(s, r));
            }
        }
    }

    static ResourceSeries read(DataInputStream in) throws IOException {
        int resources = count(in, "resources");
        List<ResourceWindow> windows = new ArrayList<>(resources);
        for (int r = 0; r < resources; r++) {
            windows.add(readWindow(in));
        }
        int[] lanes = new int[resources];
        int[] capacity = new int[resources];
        int width = 0;
        for (int r = 0; r < resources; r++) {
            lanes[r] = count(in, "lanes");
            capacity[r] = in.readInt();
            width += lanes[r];
        }
        long[] times = new long[count(in, "samples")];
        for (int s = 0; s < times.length; s++) {
            times[s] = in.readLong();
        }
        int warmUpSample = in.readInt();
        long[] booked = new long[Math.multiplyExact(times.length, width)];
        for (int i = 0; i < booked.length; i++) {
            booked[i] = in.readLong();
        }
        long[] requests = new long[Math.multiplyExact(times.length, resources)];
        long[] waits = new long[requests.length];
        for (int i = 0; i < requests.length; i++) {
            requests[i] = in.readLong();
            waits[i] = in.readLong();
        }
        try {
            return new ResourceSeries(windows, lanes, capacity, times, warmUpSample, booked, requests, waits);
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            throw new IOException("the resource series does not hold together: " + e.getMessage(), e);
        }
    }

    private static void writeWindow(DataOutputStream out, ResourceWindow window) throws IOException {
        out.writeUTF(window.key());
        out.writeUTF(window.label());
        ResourceUsage usage = window.usage();
        out.writeUTF(usage.name());
        out.writeInt(usage.servers());
        out.writeDouble(usage.utilisation());
        out.writeDouble(usage.requestsPerSecond());
        out.writeDouble(usage.meanWaitNanos());
        out.writeLong(usage.p99WaitNanos());
        out.writeDouble(usage.meanQueueLength());
        out.writeLong(usage.requests());
        out.writeInt(window.serverUtilisation().size());
        for (double utilisation : window.serverUtilisation()) {
            out.writeDouble(utilisation);
        }
        out.writeInt(window.ratesPerSecond().size());
        for (Map.Entry<String, Double> rate : window.ratesPerSecond().entrySet()) {
            out.writeUTF(rate.getKey());
            out.writeDouble(rate.getValue());
        }
    }

    private static ResourceWindow readWindow(DataInputStream in) throws IOException {
        String key = in.readUTF();
        String label = in.readUTF();
        ResourceUsage usage = new ResourceUsage(in.readUTF(), in.readInt(), in.readDouble(), in.readDouble(),
                in.readDouble(), in.readLong(), in.readDouble(), in.readLong());
        int servers = count(in, "server utilisations");
        List<Double> serverUtilisation = new ArrayList<>(servers);
        for (int i = 0; i < servers; i++) {
            serverUtilisation.add(in.readDouble());
        }
        int rateCount = count(in, "rates");
        Map<String, Double> rates = new LinkedHashMap<>();
        for (int i = 0; i < rateCount; i++) {
            rates.put(in.readUTF(), in.readDouble());
        }
        return new ResourceWindow(key, label, usage, serverUtilisation, rates);
    }

    /** Reads a count, refusing a negative one (a damaged result) before it sizes an array. */
    private static int count(DataInputStream in, String what) throws IOException {
        int count = in.readInt();
        if (count < 0) {
            throw new IOException("a negative count of " + what + ": " + count);
        }
        return count;
    }
}
