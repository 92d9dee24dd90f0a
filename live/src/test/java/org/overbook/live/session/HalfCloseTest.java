package org.overbook.live.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client that sends its requests and then ends its sending half ({@code printf 'get k\r\n' | nc -q1 HOST PORT},
 * a script's {@code shutdown(SHUT_WR)}) still gets every reply owed, as from memcached, and then the connection closes.
 */
class HalfCloseTest {

    @TempDir
    Path directory;

    @Test
    void repliesOwedBeforeTheClientEndsItsSendingHalfAreStillSent() throws Exception {
        LiveSession session = LiveFixture.start(LiveFixture.OVERCOMMITTED, 1, 1.0, 4, directory.resolve("half"), new StringWriter());
        int port = session.port(0);
        try {
            try (LiveFixture.Raw client = new LiveFixture.Raw(port)) {
                client.send("set greeting 0 0 5\r\nhello\r\nget greeting\r\nversion\r\nset torn 0 0 100\r\nabc");
                client.shutdownOutput();
                assertEquals("STORED\r\nVALUE greeting 0 5\r\nhello\r\nEND\r\nVERSION 1.6.0-overbook\r\n",
                        client.readToEnd(), "every reply owed, then the end of the stream; the cut value is dropped");
            }
            try (LiveFixture.Raw next = new LiveFixture.Raw(port)) {
                assertEquals("VALUE greeting 0 5\r\nhello\r\nEND\r\n", next.ask("get greeting torn\r\n", "END\r\n"));
            }
        } finally {
            session.stop();
        }
        session.await();
    }
}
