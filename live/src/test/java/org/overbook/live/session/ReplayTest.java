package org.overbook.live.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.report.ResultsWriter;

/** A recorded live session replays to a byte-identical results folder (all but timing.txt, which is wall-clock time). */
class ReplayTest {

    @TempDir
    Path directory;

    @Test
    void aLiveSessionReplaysToAByteIdenticalResultsFolder() throws Exception {
        Path live = directory.resolve("live");
        LiveSession session = LiveFixture.start(LiveFixture.OVERCOMMITTED, 2, 1.0, 8, live, new StringWriter());
        try (LiveFixture.Raw a = new LiveFixture.Raw(session.port(0)); LiveFixture.Raw b = new LiveFixture.Raw(session.port(1))) {
            for (int i = 0; i < 50; i++) {
                String value = "v".repeat(100 + i % 7);
                a.send("set a" + i + " 0 0 " + value.length() + "\r\n" + value + "\r\nget a" + (i / 2) + "\r\n");
                b.send("set b" + i + " 0 0 3 noreply\r\nb" + (i % 10) + "x\r\nincr nope 1\r\n");
            }
            for (int i = 0; i < 50; i++) {
                assertEquals("STORED\r\n", a.until("\r\n"));
                assertTrue(a.until("END\r\n").endsWith("END\r\n"));
                assertEquals("NOT_FOUND\r\n", b.until("\r\n"));
            }
        } finally {
            session.stop();
        }
        session.await();
        LiveFixture.assertReplaysToTheSameResults(live, directory.resolve("replayed"));
        List<String> timing = Files.readAllLines(live.resolve(ResultsWriter.TIMING));
        assertTrue(timing.getFirst().startsWith("# wall-clock and CPU time of each point"), "the point's times kept: " + timing);
        assertTrue(timing.getLast().startsWith("live session: speed 1.00x, largest lag"), "the session's appended last: " + timing);
        try (Stream<Path> files = Files.list(live)) {
            assertEquals(List.of(), files.filter(f -> f.getFileName().toString().endsWith(".tmp")).toList(), "no temporary file");
        }
        String summary = Files.readString(live.resolve(ResultsWriter.SUMMARY_CSV));
        assertTrue(summary.contains("live0") && summary.contains("gateway"), "the live clients are tenants: " + summary);
    }
}
