package org.overbook.live.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.guest.ConfigurationException;
import org.overbook.live.gateway.Arrival;
import org.overbook.live.gateway.ReplyShape;

class SessionLogTest {

    @TempDir
    Path directory;

    @Test
    void everyArrivalComesBackWithItsTimes() {
        Path file = directory.resolve("s.log");
        byte[] request = "get k\r\n".getBytes(StandardCharsets.US_ASCII);
        try (SessionLog.Writer log = new SessionLog.Writer(file, "source", "seed: 1\n", Long.MAX_VALUE)) {
            log.arrival(10, 5, new Arrival.Open(0, 1));
            log.arrival(20, 10, new Arrival.Request(0, request, ReplyShape.RETRIEVAL, false));
            log.arrival(30, 20, new Arrival.Local(0, "SERVER_ERROR x\r\n".getBytes(StandardCharsets.US_ASCII)));
            log.arrival(40, 30, new Arrival.Close(0, true));
            log.end(50);
        }
        SessionLog.Contents contents = SessionLog.read(file);
        assertEquals("source", contents.source());
        assertEquals("seed: 1\n", contents.scenarioYaml());
        assertEquals(50, contents.endNanos());
        assertEquals(4, contents.entries().size());
        assertEquals(new Arrival.Open(0, 1), contents.entries().get(0).arrival());
        Arrival.Request back = (Arrival.Request) contents.entries().get(1).arrival();
        assertArrayEquals(request, back.bytes());
        assertEquals(ReplyShape.RETRIEVAL, back.shape());
        assertEquals(20, contents.entries().get(1).time());
        assertEquals(10, contents.entries().get(1).horizon());
        assertEquals(new Arrival.Close(0, true), contents.entries().get(3).arrival());
    }

    @Test
    void aLogPastItsSizeLimitStopsRecordingAndRefusesToReplay() throws Exception {
        Path file = directory.resolve("full.log");
        try (SessionLog.Writer log = new SessionLog.Writer(file, "source", "seed: 1\n", 500)) {
            for (int i = 0; i < 100; i++) {
                log.arrival(i, i, new Arrival.Request(0, new byte[40], ReplyShape.LINE, false));
            }
            assertTrue(log.full());
            log.end(1000);
        }
        assertTrue(Files.size(file) <= 500, "the limit holds: " + Files.size(file));
        ConfigurationException e = assertThrows(ConfigurationException.class, () -> SessionLog.read(file));
        assertTrue(e.getMessage().contains("size limit"), e.getMessage());
        Files.write(directory.resolve("junk.log"), new byte[] {1, 2, 3});
        assertThrows(ConfigurationException.class, () -> SessionLog.read(directory.resolve("junk.log")));
    }

    @Test
    void aDamagedLogIsNamedAsDamagedNotFailedOnInTheModel() throws Exception {
        Path backwards = directory.resolve("backwards.log");
        try (SessionLog.Writer log = new SessionLog.Writer(backwards, "source", "seed: 1\n", Long.MAX_VALUE)) {
            log.arrival(40, 30, new Arrival.Open(0, 0));
            log.arrival(30, 20, new Arrival.Close(0, true)); // a flipped bit in a time: before the arrival ahead of it
            log.end(50);
        }
        ConfigurationException e = assertThrows(ConfigurationException.class, () -> SessionLog.read(backwards));
        assertTrue(e.getMessage().contains("damaged session log"), e.getMessage());

        Path negative = directory.resolve("negative.log");
        byte[] request = "get needle\r\n".getBytes(StandardCharsets.US_ASCII);
        try (SessionLog.Writer log = new SessionLog.Writer(negative, "source", "seed: 1\n", Long.MAX_VALUE)) {
            log.arrival(10, 5, new Arrival.Request(0, request, ReplyShape.RETRIEVAL, false));
            log.end(50);
        }
        byte[] bytes = Files.readAllBytes(negative);
        int at = new String(bytes, StandardCharsets.ISO_8859_1).indexOf("get needle");
        bytes[at - 4] = (byte) 0xff; // the request's length, now negative
        Files.write(negative, bytes);
        e = assertThrows(ConfigurationException.class, () -> SessionLog.read(negative));
        assertTrue(e.getMessage().contains("damaged session log"), e.getMessage());
    }
}
