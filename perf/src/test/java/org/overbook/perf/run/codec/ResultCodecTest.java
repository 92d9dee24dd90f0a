package org.overbook.perf.run.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.zip.CRC32;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.InflaterInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.hypervisor.resource.ResourceUsage;
import org.overbook.perf.run.ResourceSeries;
import org.overbook.perf.run.ResourceWindow;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/**
 * An encoded result reads back to an equal result, under the reader's point, its contended resources included; a
 * damaged one, one cut short and one of another format are refused as unreadable.
 */
class ResultCodecTest {

    @TempDir
    Path directory;

    @Test
    void aResultReadsBackEqualUnderItsPoint() throws Exception {
        ScenarioLoader loader = ScenarioLoader.standard();
        List<SweepPoint> points = loader.parse(SmallScenarios.SWEEP, "two-points.yaml").points();
        SweepPoint point = points.get(0);
        TimedResult timed = Runner.standard(loader.registry()).run(point, directory.resolve("run"));
        assertTrue(!timed.result().histograms().isEmpty(), "the point records latency");

        byte[] encoded = ResultCodec.encode(timed);
        TimedResult decoded = ResultCodec.decode(encoded, point);
        assertEquals(timed.result(), decoded.result());
        assertEquals(timed.wallNanos(), decoded.wallNanos());
        assertEquals(timed.result().total(), decoded.result().total(), "every metric, by exact value");
        assertResourcesReadBack(timed.result().resources(), decoded.result().resources());

        SweepPoint other = points.get(1);
        assertEquals(1, ResultCodec.decode(encoded, other).result().index(), "read back under the reader's point");

        byte[] damaged = encoded.clone();
        damaged[damaged.length / 2] ^= 0x5a;
        UnreadableResultException refused = assertThrows(UnreadableResultException.class, () -> ResultCodec.decode(damaged, point));
        assertEquals("its checksum does not match", refused.reason(), "refused by its checksum, before any count in it is read");
        assertThrows(UnreadableResultException.class, () -> ResultCodec.decode(java.util.Arrays.copyOf(encoded, 3), point));
        UnreadableResultException older = assertThrows(UnreadableResultException.class,
                () -> ResultCodec.decode(withFormat(encoded, 1), point));
        assertTrue(older.reason().startsWith("it is of format 1, expected "), older.reason());
    }

    /** Returns {@code encoded} rewritten as of format {@code format}, deflated and checksummed again. */
    private static byte[] withFormat(byte[] encoded, int format) throws Exception {
        byte[] body;
        try (InflaterInputStream in = new InflaterInputStream(new ByteArrayInputStream(encoded, 0, encoded.length - 4))) {
            body = in.readAllBytes();
        }
        ByteBuffer.wrap(body).putInt(format);
        ByteArrayOutputStream deflated = new ByteArrayOutputStream();
        try (DeflaterOutputStream out = new DeflaterOutputStream(deflated)) {
            out.write(body);
        }
        CRC32 crc = new CRC32();
        crc.update(deflated.toByteArray());
        return ByteBuffer.allocate(deflated.size() + 4).put(deflated.toByteArray()).putInt((int) crc.getValue()).array();
    }

    @Test
    void aSeriesWithWaitsAndPooledLanesReadsBackEqual() throws Exception {
        ResourceWindow cpus = new ResourceWindow("server_cpu", "server CPUs",
                new ResourceUsage("cpu", 2, 0.75, 1.5e5, 1234.5, 9000, 0.125, 300), List.of(0.5, 1.0), Map.of());
        ResourceWindow pool = new ResourceWindow("server_fault_service", "server NIC fault service",
                new ResourceUsage("fault-service", 4, Double.MIN_VALUE, 0.1, Double.NaN, Long.MAX_VALUE, 3.0, 7),
                List.of(), new LinkedHashMap<>(Map.of("pages", 12.25)));
        ResourceSeries sent = new ResourceSeries(List.of(cpus, pool), new int[] {2, 1}, new int[] {1, 4},
                new long[] {0, 10, 25}, 1, new long[] {0, 0, 0, 4, 9, 30, 12, 15, 70}, new long[] {0, 0, 3, 2, 8, 7},
                new long[] {0, 0, 11, 5, 40, 19});

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            ResourceSeriesCodec.write(out, sent);
        }
        ResourceSeries read = ResourceSeriesCodec.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        assertEquals(sent, read);
        assertEquals(sent.windows(), read.windows(), "each window by exact value, NaN included");
        assertEquals(4, read.capacity(1));
        assertEquals(15, read.laneBookedNanos(2, 0, 1));
        assertEquals(19, read.waitNanos(2, 1));
        assertEquals(sent.utilisation(0, 2, 1), read.utilisation(0, 2, 1));
    }

    /** The run had contended resources to send (pCPUs, a swap device), and every one reads back, lane by lane. */
    private static void assertResourcesReadBack(ResourceSeries sent, ResourceSeries read) {
        assertTrue(IntStream.range(0, sent.resources()).anyMatch(r -> sent.lanes(r) > 1 && !sent.idle(r)),
                "a busy resource of several lanes (pCPUs): " + sent);
        assertTrue(sent.windows().stream().anyMatch(w -> w.key().endsWith("_swap_read")), "a swap device: " + sent);
        assertTrue(sent.windows().stream().anyMatch(w -> !w.serverUtilisation().isEmpty()), "each pCPU's utilisation");
        assertTrue(sent.windows().stream().anyMatch(w -> w.ratesPerSecond().values().stream().anyMatch(rate -> rate > 0)),
                "a resource's own rates: " + sent.windows());
        int last = sent.samples() - 1;
        assertTrue(IntStream.range(0, sent.resources()).anyMatch(r -> sent.requests(last, r) > 0), "a resource took requests");
        assertEquals(sent, read);
        assertEquals(sent.samples(), read.samples());
        assertEquals(sent.warmUpSample(), read.warmUpSample());
        for (int r = 0; r < sent.resources(); r++) {
            assertEquals(sent.window(r).columns(), read.window(r).columns(), sent.window(r).key() + " over the window");
            assertEquals(sent.capacity(r), read.capacity(r));
            assertEquals(sent.servedNanos(last, r), read.servedNanos(last, r), "served time derives again from the booked");
            for (int l = 0; l < sent.lanes(r); l++) {
                assertEquals(sent.laneUtilisation(sent.warmUpSample(), last, r, l),
                        read.laneUtilisation(read.warmUpSample(), last, r, l), sent.window(r).key() + " lane " + l);
            }
        }
    }
}
