package org.overbook.workloads.memcached.protocol;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.overbook.workloads.memcached.protocol.ParseResult.ProtocolError.Kind;

/**
 * Reads memcached text-protocol replies, as a client does: one reply at a time from the front of
 * the bytes received so far, given the shape the request's reply takes. A reply split across
 * messages is simply not complete yet ({@link #parse} returns null) until the rest has arrived.
 *
 * <p>Lines must end in {@code \r\n}; numbers are plain decimal digits. Anything else is {@link
 * Response.Malformed}, consuming the offending line (or the broken data block), so a client counts it
 * and can read on. The parser keeps no state between calls except {@link #consumed()}.
 */
public final class ResponseParser {

    /** The shape of the reply a request gets. */
    public enum Shape {
        /** {@code VALUE} blocks and {@code END}: get, gets, gat, gats. */
        RETRIEVAL,
        /** {@code STAT} lines and {@code END}: stats. */
        STATS,
        /** One line: every other command. */
        LINE;

        /** Returns the shape of the reply to {@code request} (which must not be noreply or quit). */
        public static Shape of(Request request) {
            return switch (request) {
                case Request.Get g -> RETRIEVAL;
                case Request.GetAndTouch g -> RETRIEVAL;
                case Request.Stats s -> STATS;
                default -> LINE;
            };
        }
    }

    private static final String VALUE = "VALUE ";
    private static final String STAT = "STAT ";

    private int consumed;

    /** Returns how many bytes the last complete reply took. */
    public int consumed() {
        return consumed;
    }

    /**
     * Parses the reply at the start of {@code buf[offset, offset+length)}.
     *
     * @return the reply, or null if the bytes end before it does
     */
    public Response parse(byte[] buf, int offset, int length, Shape shape) {
        Objects.checkFromIndexSize(offset, length, buf.length);
        return switch (shape) {
            case RETRIEVAL -> retrieval(buf, offset, offset + length);
            case STATS -> stats(buf, offset, offset + length);
            case LINE -> line(buf, offset, offset + length);
        };
    }

    private Response retrieval(byte[] buf, int offset, int end) {
        List<Response.Value> values = new ArrayList<>();
        int at = offset;
        while (true) {
            int newline = indexOf(buf, at, end);
            if (newline < 0) {
                return null;
            }
            String line = lineText(buf, at, newline);
            int next = newline + 1;
            if (line == null) {
                return done(new Response.Malformed("a line not ended by \\r\\n"), next - offset);
            }
            if (line.equals("END")) {
                return done(new Response.Values(values), next - offset);
            }
            if (!line.startsWith(VALUE)) {
                Response error = values.isEmpty() ? error(line) : null;
                return done(error != null ? error : new Response.Malformed("unexpected line '" + line + "'"), next - offset);
            }
            String[] t = line.substring(VALUE.length()).split(" ", -1);
            long flags = t.length >= 3 ? unsigned(t[1]) : -1;
            long bytes = t.length >= 3 ? unsigned(t[2]) : -1;
            long cas = t.length == 4 ? unsigned(t[3]) : 0;
            boolean casValid = t.length == 3 || (t.length == 4 && (cas != -1 || t[3].equals("18446744073709551615")));
            if (t.length < 3 || t.length > 4 || t[0].isEmpty() || flags < 0 || flags > 0xFFFF_FFFFL
                    || bytes < 0 || bytes > Integer.MAX_VALUE - 2 || !casValid) {
                return done(new Response.Malformed("bad VALUE line '" + line + "'"), next - offset);
            }
            int dataEnd = next + (int) bytes;
            if (end - next < bytes + 2) {
                return null;
            }
            if (buf[dataEnd] != '\r' || buf[dataEnd + 1] != '\n') {
                return done(new Response.Malformed("data block of " + bytes + " bytes not ended by \\r\\n"), dataEnd + 2 - offset);
            }
            values.add(new Response.Value(ByteString.ofLatin1(t[0]), (int) flags, cas, t.length == 4,
                    ByteString.copyOf(buf, next, (int) bytes)));
            at = dataEnd + 2;
        }
    }

    private Response stats(byte[] buf, int offset, int end) {
        List<Response.Stat> stats = new ArrayList<>();
        int at = offset;
        while (true) {
            int newline = indexOf(buf, at, end);
            if (newline < 0) {
                return null;
            }
            String line = lineText(buf, at, newline);
            int next = newline + 1;
            if (line == null) {
                return done(new Response.Malformed("a line not ended by \\r\\n"), next - offset);
            }
            if (line.equals("END")) {
                return done(new Response.Stats(stats), next - offset);
            }
            int space = line.indexOf(' ', STAT.length());
            if (!line.startsWith(STAT) || space < 0) {
                Response error = stats.isEmpty() ? error(line) : null;
                return done(error != null ? error : new Response.Malformed("unexpected line '" + line + "'"), next - offset);
            }
            stats.add(new Response.Stat(line.substring(STAT.length(), space), line.substring(space + 1)));
            at = next;
        }
    }

    private Response line(byte[] buf, int offset, int end) {
        int newline = indexOf(buf, offset, end);
        if (newline < 0) {
            return null;
        }
        String line = lineText(buf, offset, newline);
        int used = newline + 1 - offset;
        if (line == null) {
            return done(new Response.Malformed("a line not ended by \\r\\n"), used);
        }
        for (ResponseEncoder.Reply reply : ResponseEncoder.Reply.values()) {
            if (reply != ResponseEncoder.Reply.END && reply != ResponseEncoder.Reply.ERROR && line.equals(reply.name())) {
                return done(new Response.Status(reply), used);
            }
        }
        if (line.startsWith("VERSION ")) {
            return done(new Response.Version(line.substring("VERSION ".length())), used);
        }
        long number = unsigned(line);
        if (number != -1 || line.equals("18446744073709551615")) {
            return done(new Response.Number(number), used);
        }
        Response error = error(line);
        return done(error != null ? error : new Response.Malformed("unexpected line '" + line + "'"), used);
    }

    private Response done(Response response, int used) {
        consumed = used;
        return response;
    }

    /** Returns the error reply {@code line} is, or null if it is none. */
    private static Response error(String line) {
        if (line.equals("ERROR")) {
            return new Response.Error(Kind.ERROR, "");
        }
        if (line.startsWith("CLIENT_ERROR ")) {
            return new Response.Error(Kind.CLIENT_ERROR, line.substring("CLIENT_ERROR ".length()));
        }
        if (line.startsWith("SERVER_ERROR ")) {
            return new Response.Error(Kind.SERVER_ERROR, line.substring("SERVER_ERROR ".length()));
        }
        return null;
    }

    /** Returns the line in {@code [from, newline)} without its {@code \r}, or null if the {@code \r} is missing. */
    private static String lineText(byte[] buf, int from, int newline) {
        if (newline == from || buf[newline - 1] != '\r') {
            return null;
        }
        return new String(buf, from, newline - 1 - from, StandardCharsets.ISO_8859_1);
    }

    /** Parses decimal digits as a 64-bit unsigned number; -1 (all ones) if they are not one. */
    private static long unsigned(String text) {
        if (text.isEmpty() || text.length() > 20) {
            return -1;
        }
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return -1;
            }
        }
        try {
            return Long.parseUnsignedLong(text);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static int indexOf(byte[] buf, int from, int to) {
        for (int i = from; i < to; i++) {
            if (buf[i] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
