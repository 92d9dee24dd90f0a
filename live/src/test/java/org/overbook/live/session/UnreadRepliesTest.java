package org.overbook.live.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client that pipelines requests and reads none of the replies must not make the gateway hold its replies without
 * limit: as memcached stops reading a connection whose replies it cannot write, the edge stops reading a socket whose
 * unsent replies pass Netty's write-buffer high-water mark, and reads it again once they have drained. A small get
 * answered with a 4 KB value multiplies request bytes 450 times, so the limit on request bytes in the model alone
 * (1 MiB here) let the replies of a client that never reads pile up in the gateway's memory as fast as the model
 * answered.
 */
class UnreadRepliesTest {

    private static final int GETS = 5000;
    private static final int VALUE = 4000;

    @TempDir
    Path directory;

    @Test
    void aClientThatReadsNoRepliesStopsBeingReadAndGetsEveryReplyOnceItReads() throws Exception {
        LiveSession session = LiveFixture.start(LiveFixture.OVERCOMMITTED, 1, 1.0, 4, directory.resolve("unread"), new StringWriter());
        int port = session.port(0);
        try {
            try (LiveFixture.Raw setter = new LiveFixture.Raw(port)) {
                assertEquals("STORED\r\n", setter.ask("set big 0 0 " + VALUE + "\r\n" + "b".repeat(VALUE) + "\r\n", "\r\n"));
            }
            try (Socket hog = new Socket()) {
                hog.setReceiveBufferSize(4096);
                hog.setSoTimeout(20_000);
                hog.connect(new InetSocketAddress("127.0.0.1", port));
                hog.getOutputStream().write("get big\r\n".repeat(GETS).getBytes(StandardCharsets.US_ASCII)); // 45 KB
                // about 20 MB of replies, far more than the sockets buffer: the edge must stop reading this client
                for (int i = 0; i < 600 && LiveFixture.edgeCount(session, "read stops") == 0; i++) {
                    Thread.sleep(50); // a hang guard, not a measure
                }
                assertTrue(LiveFixture.edgeCount(session, "read stops") > 0,
                        "the edge kept reading a client whose replies pile up: " + session.edgeCounters());
                byte[] one = ("VALUE big 0 " + VALUE + "\r\n" + "b".repeat(VALUE) + "\r\nEND\r\n").getBytes(StandardCharsets.US_ASCII);
                for (int i = 0; i < GETS; i++) {
                    assertArrayEquals(one, hog.getInputStream().readNBytes(one.length), "reply " + i);
                }
                hog.getOutputStream().write("version\r\n".getBytes(StandardCharsets.US_ASCII));
                assertArrayEquals("VERSION 1.6.0-overbook\r\n".getBytes(StandardCharsets.US_ASCII),
                        hog.getInputStream().readNBytes(24), "read again once the replies drained");
            }
        } finally {
            session.stop();
        }
        session.await();
    }
}
