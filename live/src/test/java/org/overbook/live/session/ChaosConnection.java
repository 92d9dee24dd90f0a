package org.overbook.live.session;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.Random;

/**
 * One misbehaving client: connects, sends a {@link ChaosScript} in writes of random sizes (from one byte to tens of
 * KiB) while a reader thread collects everything the gateway sends, and then ends in one of four ways: it ends its
 * sending half, sends {@code quit} and ends it, closes, or resets the connection. Its outcome is null if what came
 * back was whole memcached replies and, where the client waited for the end, the connection closed cleanly.
 */
final class ChaosConnection {

    /** How the client ends its connection. */
    enum Ending { HALF_CLOSE, QUIT, CLOSE, RESET }

    private static final String TIMEOUT = "the gateway neither closed the connection nor sent anything for 20 s";

    private ChaosConnection() {
    }

    /** Runs one connection to {@code port}; returns null, or what was wrong. */
    static String run(int port, Random random, String prefix) throws IOException, InterruptedException {
        byte[] script = ChaosScript.of(random, prefix, 1 + random.nextInt(30));
        Ending ending = Ending.values()[random.nextInt(Ending.values().length)];
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        String[] readFailure = new String[1];
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setTcpNoDelay(true);
            socket.setSoTimeout(20_000);
            Thread reader = Thread.ofPlatform().daemon().start(() -> readFailure[0] = readAll(socket, received));
            boolean sentAll = write(socket.getOutputStream(), script, random);
            switch (ending) {
                case HALF_CLOSE, QUIT -> {
                    if (sentAll) {
                        try {
                            if (ending == Ending.QUIT) {
                                socket.getOutputStream().write("quit\r\n".getBytes());
                            }
                            socket.shutdownOutput();
                        } catch (IOException e) {
                            // the gateway closed first (a line too long): the reader sees the end
                        }
                    }
                    reader.join();
                }
                case CLOSE -> socket.close();
                case RESET -> {
                    socket.setSoLinger(true, 0);
                    socket.close();
                }
            }
            reader.join();
        }
        byte[] bytes = received.toByteArray();
        boolean waited = ending == Ending.HALF_CLOSE || ending == Ending.QUIT;
        if (waited && TIMEOUT.equals(readFailure[0])) {
            return ending + ": " + TIMEOUT + ", after " + ReplyGrammar.excerpt(bytes, Math.max(0, bytes.length - 80));
        }
        // a reset may cut the last reply: the gateway closed with input unread (as memcached does), or the client did
        String violation = ReplyGrammar.violation(bytes, !waited || readFailure[0] != null);
        return violation == null ? null : ending + ": " + violation;
    }

    /** Writes the script in random-sized pieces; false if the gateway closed the connection first. */
    private static boolean write(OutputStream out, byte[] script, Random random) {
        int at = 0;
        try {
            while (at < script.length) {
                int n = switch (random.nextInt(5)) {
                    case 0 -> 1 + random.nextInt(8);
                    case 1, 2 -> 1 + random.nextInt(512);
                    default -> 1 + random.nextInt(64 << 10);
                };
                n = Math.min(n, script.length - at);
                out.write(script, at, n);
                out.flush();
                at += n;
            }
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Reads to the end of the stream; returns null, or why it stopped otherwise. */
    private static String readAll(Socket socket, ByteArrayOutputStream received) {
        byte[] buffer = new byte[16 << 10];
        try {
            InputStream in = socket.getInputStream();
            int n;
            while ((n = in.read(buffer)) >= 0) {
                synchronized (received) {
                    received.write(buffer, 0, n);
                }
            }
            return null;
        } catch (SocketTimeoutException e) {
            return TIMEOUT;
        } catch (IOException e) {
            return "reset";
        }
    }
}
