package org.overbook.workloads.memcached.protocol;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
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

    private static final String STAT = "STAT ";
    private static final byte[] VALUE_BYTES = latin1("VALUE ");
    private static final byte[] END = latin1("END");
    private static final byte[] MAX_UNSIGNED = latin1("18446744073709551615");
    /** The replies a one-line reply can be (END and ERROR are not), and their text. */
    private static final ResponseEncoder.Reply[] LINE_REPLIES = Arrays.stream(ResponseEncoder.Reply.values())
            .filter(r -> r != ResponseEncoder.Reply.END && r != ResponseEncoder.Reply.ERROR)
            .toArray(ResponseEncoder.Reply[]::new);
    private static final byte[][] LINE_REPLY_TEXT = Arrays.stream(LINE_REPLIES).map(r -> latin1(r.name())).toArray(byte[][]::new);

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

    /**
     * Parses {@code VALUE} blocks up to {@code END}. The lines are read in place: a string is made of a line
     * only to report it (an error reply, a malformed line).
     */
    private Response retrieval(byte[] buf, int offset, int end) {
        List<Response.Value> values = new ArrayList<>();
        int at = offset;
        while (true) {
            int newline = indexOf(buf, at, end);
            if (newline < 0) {
                return null;
            }
            int next = newline + 1;
            if (newline == at || buf[newline - 1] != '\r') {
                return done(new Response.Malformed("a line not ended by \\r\\n"), next - offset);
            }
            int lineEnd = newline - 1;
            if (matches(buf, at, lineEnd, END)) {
                return done(new Response.Values(values), next - offset);
            }
            if (!startsWith(buf, at, lineEnd, VALUE_BYTES)) {
                String line = text(buf, at, lineEnd);
                Response error = values.isEmpty() ? error(line) : null;
                return done(error != null ? error : new Response.Malformed("unexpected line '" + line + "'"), next - offset);
            }
            // "VALUE <key> <flags> <bytes> [<cas>]", fields split at every single space
            int[] fields = fieldStarts(buf, at + VALUE_BYTES.length, lineEnd);
            int count = fields.length;
            long flags = count >= 3 ? unsigned(buf, fields[1], fieldEnd(fields, 1, lineEnd)) : -1;
            long bytes = count >= 3 ? unsigned(buf, fields[2], fieldEnd(fields, 2, lineEnd)) : -1;
            long cas = count == 4 ? unsigned(buf, fields[3], lineEnd) : 0;
            boolean casValid = count == 3 || (count == 4 && (cas != -1 || matches(buf, fields[3], lineEnd, MAX_UNSIGNED)));
            if (count < 3 || count > 4 || fieldEnd(fields, 0, lineEnd) == fields[0] || flags < 0 || flags > 0xFFFF_FFFFL
                    || bytes < 0 || bytes > Integer.MAX_VALUE - 2 || !casValid) {
                return done(new Response.Malformed("bad VALUE line '" + text(buf, at, lineEnd) + "'"), next - offset);
            }
            int dataEnd = next + (int) bytes;
            if (end - next < bytes + 2) {
                return null;
            }
            if (buf[dataEnd] != '\r' || buf[dataEnd + 1] != '\n') {
                return done(new Response.Malformed("data block of " + bytes + " bytes not ended by \\r\\n"), dataEnd + 2 - offset);
            }
            ByteString key = ByteString.copyOf(buf, fields[0], fieldEnd(fields, 0, lineEnd) - fields[0]);
            values.add(new Response.Value(key, (int) flags, cas, count == 4, ByteString.copyOf(buf, next, (int) bytes)));
            at = dataEnd + 2;
        }
    }

    /** Returns where each field of {@code buf[from, to)} starts, fields split at every space (empty ones kept). */
    private static int[] fieldStarts(byte[] buf, int from, int to) {
        int count = 1;
        for (int i = from; i < to; i++) {
            if (buf[i] == ' ') {
                count++;
            }
        }
        int[] starts = new int[count];
        starts[0] = from;
        int field = 1;
        for (int i = from; i < to; i++) {
            if (buf[i] == ' ') {
                starts[field++] = i + 1;
            }
        }
        return starts;
    }

    /** Returns where field {@code i} ends: before the space that starts the next one, or at the line's end. */
    private static int fieldEnd(int[] starts, int i, int lineEnd) {
        return i + 1 < starts.length ? starts[i + 1] - 1 : lineEnd;
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
        int used = newline + 1 - offset;
        if (newline == offset || buf[newline - 1] != '\r') {
            return done(new Response.Malformed("a line not ended by \\r\\n"), used);
        }
        for (int i = 0; i < LINE_REPLIES.length; i++) {
            if (matches(buf, offset, newline - 1, LINE_REPLY_TEXT[i])) {
                return done(new Response.Status(LINE_REPLIES[i]), used);
            }
        }
        String line = text(buf, offset, newline - 1);
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
        return text(buf, from, newline - 1);
    }

    private static String text(byte[] buf, int from, int to) {
        return new String(buf, from, to - from, StandardCharsets.ISO_8859_1);
    }

    private static byte[] latin1(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** Returns whether {@code buf[from, to)} is exactly {@code text}. */
    private static boolean matches(byte[] buf, int from, int to, byte[] text) {
        return Arrays.equals(buf, from, to, text, 0, text.length);
    }

    private static boolean startsWith(byte[] buf, int from, int to, byte[] prefix) {
        return to - from >= prefix.length && Arrays.equals(buf, from, from + prefix.length, prefix, 0, prefix.length);
    }

    /** Parses {@code buf[from, to)} as {@link #unsigned(String)} does. */
    private static long unsigned(byte[] buf, int from, int to) {
        if (from == to || to - from > 20) {
            return -1;
        }
        long value = 0;
        for (int i = from; i < to; i++) {
            if (buf[i] < '0' || buf[i] > '9') {
                return -1;
            }
            value = value * 10 + (buf[i] - '0');
        }
        return to - from < 20 ? value : unsigned(text(buf, from, to)); // 19 digits cannot overflow 64 unsigned bits
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
