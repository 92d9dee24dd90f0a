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
 * and can read on. The parser keeps no state between calls except {@link #consumed()}. Retrieval
 * replies are read by a {@link RetrievalScanner}, which a client may use directly to read values in
 * place.
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
    /** The replies a one-line reply can be (END and ERROR are not), and their text. */
    private static final ResponseEncoder.Reply[] LINE_REPLIES = Arrays.stream(ResponseEncoder.Reply.values())
            .filter(r -> r != ResponseEncoder.Reply.END && r != ResponseEncoder.Reply.ERROR)
            .toArray(ResponseEncoder.Reply[]::new);
    private static final byte[][] LINE_REPLY_TEXT = Arrays.stream(LINE_REPLIES).map(r -> latin1(r.name())).toArray(byte[][]::new);
    /** One immutable reply per status, shared by every parse. */
    private static final Response.Status[] LINE_STATUS = Arrays.stream(LINE_REPLIES).map(Response.Status::new)
            .toArray(Response.Status[]::new);

    private final RetrievalScanner values = new RetrievalScanner();
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

    /** Parses {@code VALUE} blocks up to {@code END}, read in place by the scanner and copied out only here. */
    private Response retrieval(byte[] buf, int offset, int end) {
        return switch (values.scan(buf, offset, end - offset)) {
            case INCOMPLETE -> null;
            case VALUES -> done(values.values(buf), values.consumed());
            case OTHER -> done(values.other(buf), values.consumed());
        };
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
                return done(LINE_STATUS[i], used);
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
    static Response error(String line) {
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

    static String text(byte[] buf, int from, int to) {
        return new String(buf, from, to - from, StandardCharsets.ISO_8859_1);
    }

    static byte[] latin1(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** Returns whether {@code buf[from, to)} is exactly {@code text}. */
    static boolean matches(byte[] buf, int from, int to, byte[] text) {
        return Arrays.equals(buf, from, to, text, 0, text.length);
    }

    static boolean startsWith(byte[] buf, int from, int to, byte[] prefix) {
        return to - from >= prefix.length && Arrays.equals(buf, from, from + prefix.length, prefix, 0, prefix.length);
    }

    /** Parses {@code buf[from, to)} as {@link #unsigned(String)} does. */
    static long unsigned(byte[] buf, int from, int to) {
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

    static int indexOf(byte[] buf, int from, int to) {
        return ByteScan.indexOf(buf, from, to, (byte) '\n');
    }
}
