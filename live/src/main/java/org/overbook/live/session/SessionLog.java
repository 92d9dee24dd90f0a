package org.overbook.live.session;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.overbook.guest.ConfigurationException;
import org.overbook.live.gateway.Arrival;
import org.overbook.live.gateway.ReplyShape;

/**
 * The record of a live session, enough to run it again: the session's scenario (YAML), then every arrival with
 * the virtual time it was applied at and the virtual time the simulation had reached when it was injected (the
 * horizon: a replay runs to it, then injects, so events are queued in the same order), then the virtual time the
 * session ended at. A binary file of big-endian fields; request bytes are kept as they came.
 *
 * <pre>
 * "OVERBOOK-LIVE" version:int source:utf8(int length, bytes) scenario:utf8
 * { kind:byte time:long horizon:long connection:int fields... }*    kind 1 open(listen:int), 2 request(shape:byte
 *                                                                 quit:bool length:int bytes), 3 local(length:int
 *                                                                 bytes), 4 close(clientGone:bool)
 * 0 end:long                                                     or 5 cut:long when the log reached its size limit
 * </pre>
 * A log has a size limit (a busy session writes every request's bytes): past it, recording stops, and the log
 * says so instead of ending; such a session cannot be replayed, and {@link #read} says why.
 */
public final class SessionLog {

    private static final String MAGIC = "OVERBOOK-LIVE";
    private static final int VERSION = 1;
    private static final byte END = 0;
    private static final byte OPEN = 1;
    private static final byte REQUEST = 2;
    private static final byte LOCAL = 3;
    private static final byte CLOSE = 4;
    private static final byte CUT = 5;
    /** Bytes of the head of each record: kind, time, horizon, connection. */
    private static final int HEAD = 1 + 8 + 8 + 4;
    private static final ReplyShape[] SHAPES = ReplyShape.values();

    /** One arrival as the log holds it. */
    public record Entry(long time, long horizon, Arrival arrival) {
    }

    /** A log read back: the scenario, the arrivals in order, and where the session ended. */
    public record Contents(String source, String scenarioYaml, List<Entry> entries, long endNanos) {
    }

    private SessionLog() {
    }

    /** Writes a log as a session goes; used by the simulation thread only. */
    public static final class Writer implements AutoCloseable {

        private final DataOutputStream out;
        private final long maxBytes;
        private long written;
        private boolean full;

        /**
         * Creates {@code file} and writes the header: how results name the session, and its scenario. Records stop
         * once the file would exceed {@code maxBytes}.
         */
        public Writer(Path file, String source, String scenarioYaml, long maxBytes) {
            this.maxBytes = maxBytes;
            try {
                Files.createDirectories(file.toAbsolutePath().getParent());
                out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16));
                out.write(MAGIC.getBytes(StandardCharsets.US_ASCII));
                out.writeInt(VERSION);
                written = MAGIC.length() + 4;
                utf8(source);
                utf8(scenarioYaml);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the session log " + file, e);
            }
        }

        private void utf8(String text) throws IOException {
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            out.writeInt(bytes.length);
            out.write(bytes);
            written += 4 + bytes.length;
        }

        /** Returns whether the log reached its size limit and stopped recording. */
        public boolean full() {
            return full;
        }

        private boolean room(int bytes) {
            if (!full && written + HEAD + bytes + 9 > maxBytes) {
                full = true;
            }
            written += full ? 0 : HEAD + bytes;
            return !full;
        }

        /** Records {@code arrival}, applied at {@code time}, injected with the simulation at {@code horizon}. */
        public void arrival(long time, long horizon, Arrival arrival) {
            int size = switch (arrival) {
                case Arrival.Open open -> 4;
                case Arrival.Request request -> 6 + request.bytes().length;
                case Arrival.Local local -> 4 + local.reply().length;
                case Arrival.Close close -> 1;
            };
            if (!room(size)) {
                return;
            }
            try {
                switch (arrival) {
                    case Arrival.Open open -> {
                        head(OPEN, time, horizon, open.connection());
                        out.writeInt(open.listen());
                    }
                    case Arrival.Request request -> {
                        head(REQUEST, time, horizon, request.connection());
                        out.writeByte(request.shape().ordinal());
                        out.writeBoolean(request.quit());
                        out.writeInt(request.bytes().length);
                        out.write(request.bytes());
                    }
                    case Arrival.Local local -> {
                        head(LOCAL, time, horizon, local.connection());
                        out.writeInt(local.reply().length);
                        out.write(local.reply());
                    }
                    case Arrival.Close close -> {
                        head(CLOSE, time, horizon, close.connection());
                        out.writeBoolean(close.clientGone());
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the session log", e);
            }
        }

        /** Records the end of the session at {@code endNanos} and closes the file. */
        public void end(long endNanos) {
            try {
                out.writeByte(full ? CUT : END);
                out.writeLong(endNanos);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the session log", e);
            }
            close();
        }

        private void head(byte kind, long time, long horizon, int connection) throws IOException {
            out.writeByte(kind);
            out.writeLong(time);
            out.writeLong(horizon);
            out.writeInt(connection);
        }

        @Override
        public void close() {
            try {
                out.close();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot close the session log", e);
            }
        }
    }

    /**
     * Reads the log at {@code file}.
     *
     * @throws ConfigurationException if it is not a session log, or is cut short (a session that did not end cleanly)
     */
    public static Contents read(Path file) {
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            // opening a named pipe waits for a writer, forever if none comes
            String what = Files.isDirectory(file) ? "a folder" : "a named pipe, a device or a socket, which is not read";
            throw new ConfigurationException(file.toString(), "not a regular file but " + what
                    + "; accepted: a session log (session.log in a serve results folder)");
        }
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
            byte[] magic = in.readNBytes(MAGIC.length());
            if (!MAGIC.equals(new String(magic, StandardCharsets.US_ASCII)) || in.readInt() != VERSION) {
                throw new ConfigurationException(file.toString(), "not an Overbook session log (version " + VERSION + ")");
            }
            String source = new String(block(in, file), StandardCharsets.UTF_8);
            String yaml = new String(block(in, file), StandardCharsets.UTF_8);
            List<Entry> entries = new ArrayList<>();
            long previous = 0;
            while (true) {
                byte kind = in.readByte();
                if (kind == END) {
                    long end = in.readLong();
                    if (end < previous) {
                        throw damaged(file, "it ends at " + end + " ns, before its last arrival (" + previous + " ns)");
                    }
                    return new Contents(source, yaml, entries, end);
                }
                if (kind == CUT) {
                    throw new ConfigurationException(file.toString(), "the session log reached its size limit (serve --log-max) after "
                            + entries.size() + " arrivals and stopped recording; this session cannot be replayed");
                }
                long time = in.readLong();
                if (time < previous) {
                    throw damaged(file, "arrival " + entries.size() + " at " + time + " ns comes before the one ahead of it ("
                            + previous + " ns)");
                }
                previous = time;
                long horizon = in.readLong();
                int connection = in.readInt();
                Arrival arrival = switch (kind) {
                    case OPEN -> new Arrival.Open(connection, in.readInt());
                    case REQUEST -> {
                        ReplyShape shape = SHAPES[in.readUnsignedByte() % SHAPES.length];
                        boolean quit = in.readBoolean();
                        yield new Arrival.Request(connection, block(in, file), shape, quit);
                    }
                    case LOCAL -> new Arrival.Local(connection, block(in, file));
                    case CLOSE -> new Arrival.Close(connection, in.readBoolean());
                    default -> throw damaged(file, "record kind " + kind);
                };
                entries.add(new Entry(time, horizon, arrival));
            }
        } catch (EOFException e) {
            throw new ConfigurationException(file.toString(), "the session log ends before the session does (the session did not stop cleanly)");
        } catch (NoSuchFileException e) {
            throw new ConfigurationException(file.toString(), "no such session log");
        } catch (IOException e) {
            throw new ConfigurationException(file.toString(), "cannot read the session log: " + e.getMessage());
        }
    }

    /** Reads a length-prefixed block of bytes, refusing a length no writer gives. */
    private static byte[] block(DataInputStream in, Path file) throws IOException {
        int length = in.readInt();
        if (length < 0) {
            throw damaged(file, "a block of " + length + " bytes");
        }
        return in.readNBytes(length);
    }

    private static ConfigurationException damaged(Path file, String problem) {
        return new ConfigurationException(file.toString(), "damaged session log: " + problem + "; it cannot be replayed");
    }
}
