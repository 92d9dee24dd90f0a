package org.overbook.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/** What a task returns reads back to an equal result, under the driver's point; a damaged one is refused. */
class ResultCodecTest {

    @TempDir
    Path directory;

    @Test
    void aResultReadsBackEqualUnderItsPoint() throws Exception {
        ScenarioLoader loader = ScenarioLoader.standard();
        List<SweepPoint> points = loader.parse(Files.readString(Sweeps.fourPoints(directory)), "four-points.yaml").points();
        SweepPoint point = points.get(1);
        TimedResult timed = Runner.standard(loader.registry()).run(point, directory.resolve("run"));
        assertTrue(!timed.result().histograms().isEmpty(), "the point records latency");

        byte[] encoded = ResultCodec.encode(timed);
        TimedResult decoded = ResultCodec.decode(encoded, point);
        assertEquals(timed.result(), decoded.result());
        assertEquals(timed.wallNanos(), decoded.wallNanos());
        assertEquals(timed.result().total(), decoded.result().total(), "every metric, by exact value");

        PointTask task = new PointTask("point 2", point.yaml());
        assertEquals(point.scenario(), task.point(loader).scenario(), "the text a task gets reads back to the point's scenario");

        byte[] damaged = encoded.clone();
        damaged[damaged.length / 2] ^= 0x5a;
        assertThrows(RuntimeException.class, () -> ResultCodec.decode(damaged, point));
    }
}
