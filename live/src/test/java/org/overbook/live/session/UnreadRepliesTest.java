package org.overbook.live.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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

    /** One pinned memcached tenant with room to spare: the gateway's memory is what is measured, not the host's swapping. */
    private static final String ROOMY = """
            seed: 7
            host: {memory: 64MiB, swap: 64MiB}
            client-host: {memory: 128MiB}
            nic: {memory-policy: pin-all}
            tenants: {count: 1, template: {memory: 32MiB, workload: {params: {memory-limit: 16MiB}}}}
            clients: {count: 1, template: {memory: 16MiB, workload: {params: {targets: "s${index}"}}}}
            """;

    private static final int GETS = 5000;
    /** The test's budget of unread replies, a few replies of 2 MiB: what the model must answer before the close. */
    private static final long BUDGET = 16L << 20;
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

    /**
     * A get of many keys multiplies its request bytes thousands of times (268 keys of a 7.8 KB value make 2 MiB of reply
     * from 540 bytes), so what the edge lets into the model before it stops reading (1 MiB of requests) could come back
     * as gigabytes: the replies a client leaves unread are bounded in all, and past that the client with the most of them
     * is disconnected, while another client goes on being served.
     */
    @Test
    void aClientWhoseUnreadRepliesPassTheEdgesBudgetIsDisconnected() throws Exception {
        LiveSession session = LiveFixture.start(ROOMY, 1, 1.0, 4, BUDGET, directory.resolve("hog"), new StringWriter());
        int port = session.port(0);
        int value = 7800;
        try (LiveFixture.Raw good = new LiveFixture.Raw(port)) {
            assertEquals("STORED\r\n", good.ask("set v 0 0 " + value + "\r\n" + "v".repeat(value) + "\r\n", "\r\n"));
            try (SocketChannel hog = SocketChannel.open()) {
                hog.setOption(StandardSocketOptions.SO_RCVBUF, 4096);
                hog.connect(new InetSocketAddress("127.0.0.1", port));
                hog.configureBlocking(false);
                // a reply just under the server's 2 MiB (reply-size-max) for 540 bytes of request
                ByteBuffer manyKeys = ByteBuffer.wrap(("get" + " v".repeat(268) + "\r\n").repeat(64).getBytes(StandardCharsets.US_ASCII));
                long asked = 0;
                for (int i = 0; i < 1500 && unreadCloses(session) == 0; i++) { // a hang guard of 30 s, not a measure
                    try {
                        asked += hog.write(manyKeys);
                    } catch (IOException closed) {
                        break; // the edge closed it
                    }
                    if (!manyKeys.hasRemaining()) {
                        manyKeys.rewind();
                    }
                    Thread.sleep(20);
                }
                assertEquals(1, unreadCloses(session), "after " + asked + " bytes of gets of 268 keys sent, no reply read: "
                        + session.edgeCounters());
            }
            assertEquals("VALUE v 0 " + value + "\r\n" + "v".repeat(value) + "\r\nEND\r\n", good.ask("get v\r\n", "END\r\n"),
                    "the other client is still served");
        } finally {
            session.stop();
        }
        session.await();
    }

    private static long unreadCloses(LiveSession session) {
        Matcher m = Pattern.compile("closed for unread replies (\\d+)").matcher(session.edgeCounters());
        return m.find() ? Long.parseLong(m.group(1)) : 0;
    }
}
