package org.overbook.perf.run.codec;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.zip.DataFormatException;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.InflaterInputStream;
import org.HdrHistogram.Histogram;
import org.overbook.perf.run.ResourceSeries;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.TenantRow;
import org.overbook.perf.run.TimeSeries;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.SweepPoint;

/**
 * A run's result in a compact, checked form, to move it whole between JVMs or keep it on disk: what the run measured,
 * and nothing its reader has already (the scenario, its YAML, the point's place and label come from the reader's own
 * point). A cluster's task returns it to the driver; a command stores each point's as it finishes, for a later
 * {@code --resume}.
 *
 * <h2>Design</h2>
 * Deflated {@link DataOutputStream} fields: metrics as name, type and exact value (a {@code long}, or a
 * {@code double} by its bits), in their order; each latency histogram in HdrHistogram's own compressed encoding;
 * the time series as its sample times and values; the contended resources field by field
 * ({@link ResourceSeriesCodec}). Decoding gives a {@link RunResult} equal to the one the run computed, so the
 * results folder written from it is byte-identical to the one written from the run's own. A CRC-32 of the deflated
 * bytes follows them ({@link CheckedBytes}), and decoding checks it first: a damaged result is refused as such
 * ({@link UnreadableResultException}), before a damaged count inside it could ask for an array of any size; so is a
 * result of another format.
 */
public final class ResultCodec {

    private static final int FORMAT = 5;
    private static final byte LONG = 'L';
    private static final byte DOUBLE = 'D';

    private ResultCodec() {
    }

    /** Returns {@code timed}'s measurements, encoded. */
    public static byte[] encode(TimedResult timed) {
        RunResult r = timed.result();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(new DeflaterOutputStream(bytes))) {
            out.writeInt(FORMAT);
            out.writeLong(timed.wallNanos());
            out.writeLong(timed.setUpNanos());
            out.writeLong(timed.cpuNanos());
            out.writeLong(r.events());
            out.writeInt(r.tenants().size());
            for (TenantRow row : r.tenants()) {
                out.writeUTF(row.name());
                out.writeUTF(row.host());
                out.writeUTF(row.workload());
                writeMetrics(out, row.metrics());
            }
            writeMetrics(out, r.total());
            out.writeInt(r.histograms().size());
            for (Map.Entry<String, Histogram> e : r.histograms().entrySet()) {
                out.writeUTF(e.getKey());
                ByteBuffer buffer = ByteBuffer.allocate(e.getValue().getNeededByteBufferCapacity());
                int length = e.getValue().encodeIntoCompressedByteBuffer(buffer);
                out.writeInt(length);
                out.write(buffer.array(), 0, length);
            }
            writeTimeSeries(out, r.timeSeries());
            ResourceSeriesCodec.write(out, r.resources());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return CheckedBytes.sealed(bytes.toByteArray());
    }

    /**
     * Returns the result of {@code point} that {@code encoded} holds, under the point's place, label and scenario.
     *
     * @throws UnreadableResultException if its checksum does not match, or it is of another format or cut short
     */
    public static TimedResult decode(byte[] encoded, SweepPoint point) {
        int length = CheckedBytes.intactLength(encoded);
        if (length < 0) {
            throw new UnreadableResultException("its checksum does not match");
        }
        try (DataInputStream in = new DataInputStream(new InflaterInputStream(new ByteArrayInputStream(encoded, 0, length)))) {
            int format = in.readInt();
            if (format != FORMAT) {
                throw new UnreadableResultException("it is of format " + format + ", expected " + FORMAT);
            }
            long wallNanos = in.readLong();
            long setUpNanos = in.readLong();
            long cpuNanos = in.readLong();
            long events = in.readLong();
            int rowCount = in.readInt();
            List<TenantRow> rows = new ArrayList<>(rowCount);
            for (int i = 0; i < rowCount; i++) {
                rows.add(new TenantRow(in.readUTF(), in.readUTF(), in.readUTF(), readMetrics(in)));
            }
            Map<String, Number> total = readMetrics(in);
            int histogramCount = in.readInt();
            SortedMap<String, Histogram> histograms = new TreeMap<>();
            for (int i = 0; i < histogramCount; i++) {
                String key = in.readUTF();
                byte[] histogram = new byte[in.readInt()];
                in.readFully(histogram);
                histograms.put(key, Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(histogram), 0));
            }
            TimeSeries series = readTimeSeries(in);
            ResourceSeries resources = ResourceSeriesCodec.read(in);
            RunResult result = new RunResult(point.index(), point.label(), point.values(), point.scenario(), point.yaml(),
                    events, rows, total, histograms, series, resources);
            return new TimedResult(result, wallNanos, setUpNanos, cpuNanos);
        } catch (IOException | DataFormatException e) {
            throw new UnreadableResultException("it cannot be decoded (" + e + ")", e);
        }
    }

    private static void writeMetrics(DataOutputStream out, Map<String, Number> metrics) throws IOException {
        out.writeInt(metrics.size());
        for (Map.Entry<String, Number> e : metrics.entrySet()) {
            out.writeUTF(e.getKey());
            switch (e.getValue()) {
                case Long l -> {
                    out.writeByte(LONG);
                    out.writeLong(l);
                }
                case Double d -> {
                    out.writeByte(DOUBLE);
                    out.writeDouble(d);
                }
                default -> throw new IllegalStateException("metric " + e.getKey() + " is a "
                        + e.getValue().getClass().getSimpleName() + "; a result holds longs and doubles");
            }
        }
    }

    private static Map<String, Number> readMetrics(DataInputStream in) throws IOException {
        int count = in.readInt();
        Map<String, Number> metrics = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            String name = in.readUTF();
            byte type = in.readByte();
            metrics.put(name, switch (type) {
                case LONG -> in.readLong();
                case DOUBLE -> in.readDouble();
                default -> throw new IOException("unknown metric type " + type + " of " + name);
            });
        }
        return metrics;
    }

    private static void writeTimeSeries(DataOutputStream out, TimeSeries series) throws IOException {
        out.writeLong(series.warmUpNanos());
        out.writeInt(series.tenants().size());
        for (String tenant : series.tenants()) {
            out.writeUTF(tenant);
        }
        out.writeInt(series.samples());
        for (int s = 0; s < series.samples(); s++) {
            out.writeLong(series.timeNanos(s));
        }
        for (int s = 0; s < series.samples(); s++) {
            for (int t = 0; t < series.tenants().size(); t++) {
                for (TimeSeries.Series kind : TimeSeries.Series.all()) {
                    out.writeLong(series.value(s, t, kind));
                }
            }
        }
    }

    private static TimeSeries readTimeSeries(DataInputStream in) throws IOException {
        long warmUpNanos = in.readLong();
        int tenantCount = in.readInt();
        List<String> tenants = new ArrayList<>(tenantCount);
        for (int i = 0; i < tenantCount; i++) {
            tenants.add(in.readUTF());
        }
        long[] times = new long[in.readInt()];
        for (int s = 0; s < times.length; s++) {
            times[s] = in.readLong();
        }
        long[] values = new long[times.length * tenantCount * TimeSeries.Series.all().size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = in.readLong();
        }
        return new TimeSeries(warmUpNanos, tenants, times, values);
    }
}
