package org.overbook.live.edge;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.overbook.live.gateway.ReplyShape;
import org.overbook.workloads.memcached.protocol.ParseResult;
import org.overbook.workloads.memcached.protocol.Request;
import org.overbook.workloads.memcached.protocol.RequestParser;

/**
 * Cuts one client's TCP byte stream into memcached text-protocol requests, each the bytes of one message to the
 * modelled server: a command line, and for a storage command its data block, exactly as the client sent them.
 * Values are not parsed into objects: only the command line is read, with the server's own parser, to learn
 * how long the data block is and what the server will answer (a reply, or none under {@code noreply}).
 *
 * <h2>Design</h2>
 * Where the stream cannot be one message, the edge does what memcached does with its socket ({@code
 * proto_text.c}, {@code try_read_command_ascii} and {@code process_update_command}):
 * <ul>
 *   <li>A line with no {@code \n} in its first 2048 bytes closes the connection, unless it is a {@code get} or
 *       {@code gets}, which may run on (up to one request message here, then it is answered {@code SERVER_ERROR get line
 *       longer than one request message} and closes too).</li>
 *   <li>A storage command whose {@code <bytes>} exceeds the server's item size limit is sent without its data
 *       (the server answers {@code SERVER_ERROR object too large for cache}), and the data block is swallowed as
 *       it arrives, as memcached's {@code conn_swallow} does.</li>
 *   <li>A value within the item size limit that does not fit one request message (the server's receive buffer,
 *       {@code buffer-size}) gets the same {@code SERVER_ERROR object too large for cache} from the edge, in its
 *       place among the replies, and is swallowed: the modelled server's effective item size limit is its buffer.</li>
 *   <li>After {@code quit}, nothing more is read; the connection closes once the replies owed are sent.</li>
 *   <li>An unknown command whose last token starts with {@code HTTP/} (a browser, a scanner) closes the connection
 *       without a reply, as memcached drops such a socket ({@code process_command_ascii}).</li>
 * </ul>
 * A client that disconnects mid-value leaves a partial request here, which is dropped with the connection: the
 * model never sees it. The framer holds at most one request message of input.
 */
final class RequestFramer {

    /** memcached closes a connection whose line has no newline in this many bytes (unless it is a get). */
    static final int LINE_LIMIT = 2048;
    private static final byte[] TOO_LARGE = ascii("SERVER_ERROR object too large for cache\r\n");
    private static final byte[] HTTP = ascii("HTTP/");
    private static final byte[] GET_TOO_LONG = ascii("SERVER_ERROR get line longer than one request message; split its keys\r\n");

    private final RequestParser parser;
    private final int messageMax;
    private byte[] buffer = new byte[256];
    private int length;
    /** Bytes of a data block still to swallow. */
    private long swallowing;
    /** The whole request (line and data) being collected, once its line is read; 0 while reading a line. */
    private int wanted;
    private ReplyShape wantedShape;
    private boolean closed;

    /**
     * @param itemSizeMax the server's item size limit (its {@code item-size-max})
     * @param messageMax  the largest request message (the server's {@code buffer-size})
     */
    RequestFramer(int itemSizeMax, int messageMax) {
        this.parser = new RequestParser(itemSizeMax);
        this.messageMax = messageMax;
    }

    /** Returns the bytes held, not yet a whole request. */
    int buffered() {
        return length;
    }

    /** Returns whether the framer stopped reading (quit, or input that closes the connection). */
    boolean closed() {
        return closed;
    }

    /** Takes {@code bytes[offset, offset+count)} from the stream and reports every request it completes. */
    void feed(byte[] bytes, int offset, int count, Frames out) {
        int at = offset;
        int end = offset + count;
        while (at < end && !closed) {
            if (swallowing > 0 && length == 0) {
                int n = (int) Math.min(swallowing, end - at);
                swallowing -= n;
                at += n;
                continue;
            }
            int n = wanted > 0 ? Math.min(wanted - length, end - at) : end - at;
            append(bytes, at, n);
            at += n;
            frame(out);
        }
    }

    /** Frames every whole request at the front of the buffer. */
    private void frame(Frames out) {
        while (!closed && length > 0) {
            if (swallowing > 0) {
                int dropped = (int) Math.min(swallowing, length);
                swallowing -= dropped;
                shift(dropped);
                continue;
            }
            if (wanted > 0) {
                if (length < wanted) {
                    return;
                }
                out.request(Arrays.copyOf(buffer, wanted), wantedShape, false);
                shift(wanted);
                wanted = 0;
                continue;
            }
            int newline = indexOf(buffer, length);
            if (newline < 0) {
                if (length > LINE_LIMIT && (!startsWithGet() || length > messageMax)) {
                    closeOverlong(out);
                }
                return;
            }
            if (newline + 1 > messageMax) {
                closeOverlong(out);
                return;
            }
            line(newline + 1, out);
        }
    }

    /** Handles the command line {@code buffer[0, lineLength)}. */
    private void line(int lineLength, Frames out) {
        ParseResult result = parser.parse(buffer, 0, lineLength);
        if (result instanceof ParseResult.ProtocolError error && isDataExpected(error)) {
            long data = dataLength(lineLength) + 2;
            ReplyShape shape = error.noreply() ? ReplyShape.NONE : ReplyShape.LINE;
            if (lineLength + data > messageMax) {
                if (!error.noreply()) {
                    out.local(TOO_LARGE.clone());
                }
                shift(lineLength);
                swallowing = data;
                return;
            }
            wanted = (int) (lineLength + data);
            wantedShape = shape;
            return;
        }
        if (result instanceof ParseResult.ProtocolError error && error.kind() == ParseResult.ProtocolError.Kind.SERVER_ERROR) {
            // larger than the item size limit: the server answers from the line alone; the block is swallowed here
            long data = dataLength(lineLength) + 2;
            out.request(Arrays.copyOf(buffer, lineLength), error.noreply() ? ReplyShape.NONE : ReplyShape.LINE, false);
            shift(lineLength);
            swallowing = data;
            return;
        }
        if (result instanceof ParseResult.ProtocolError error && error.kind() == ParseResult.ProtocolError.Kind.ERROR
                && endsWithHttpToken(lineLength)) {
            close(out);
            return;
        }
        boolean quit = result instanceof ParseResult.Parsed p && p.request() instanceof Request.Quit;
        out.request(Arrays.copyOf(buffer, lineLength), shapeOf(result), quit);
        shift(lineLength);
        if (quit) {
            close(out);
        }
    }

    /** A storage line parsed alone fails only for want of its data block: the line itself is well formed. */
    private static boolean isDataExpected(ParseResult.ProtocolError error) {
        return error.kind() == ParseResult.ProtocolError.Kind.CLIENT_ERROR && error.message().equals("bad data chunk");
    }

    static ReplyShape shapeOf(ParseResult result) {
        return switch (result) {
            case ParseResult.ProtocolError error -> error.noreply() ? ReplyShape.NONE : ReplyShape.LINE;
            case ParseResult.BorrowedGet get -> ReplyShape.RETRIEVAL;
            case ParseResult.BorrowedStore set -> set.noreply() ? ReplyShape.NONE : ReplyShape.LINE;
            case ParseResult.Parsed parsed -> switch (parsed.request()) {
                case Request.Get get -> ReplyShape.RETRIEVAL;
                case Request.GetAndTouch gat -> ReplyShape.RETRIEVAL;
                case Request.Stats stats -> ReplyShape.STATS;
                case Request.Quit quit -> ReplyShape.NONE;
                case Request other -> other.noreply() ? ReplyShape.NONE : ReplyShape.LINE;
            };
        };
    }

    /** Returns the {@code <bytes>} field (the fifth token) of the storage line {@code buffer[0, lineLength)}. */
    private long dataLength(int lineLength) {
        int[] bounds = tokens(buffer, lineLength);
        if (bounds.length < 10) {
            throw new IllegalStateException("a storage line the parser accepted has no <bytes> field");
        }
        return Long.parseLong(new String(buffer, bounds[8], bounds[9] - bounds[8], StandardCharsets.US_ASCII));
    }

    /** Returns whether the line {@code buffer[0, lineLength)} has two tokens or more, the last starting {@code HTTP/}. */
    private boolean endsWithHttpToken(int lineLength) {
        int[] bounds = tokens(buffer, lineLength);
        int last = bounds.length - 2;
        return bounds.length >= 4 && bounds[last + 1] - bounds[last] >= 5
                && Arrays.equals(buffer, bounds[last], bounds[last] + 5, HTTP, 0, 5);
    }

    /**
     * Returns the start and end of every token of the line {@code line[0, lineLength)} (its {@code \n} last), in pairs,
     * split as the server's parser and memcached split it ({@code proto_text.c}: {@code try_read_command_ascii}, then
     * {@code tokenize_command}): on spaces alone, up to the {@code \n} and a {@code \r} just before it when another
     * byte comes first. So the line {@code \r\n} is the one-byte command {@code \r}, as memcached reads it (it strips
     * the {@code \r} only when {@code (el - c->rcurr) > 1}, then answers {@code ERROR}, as to any command shorter than
     * two bytes), and a key may hold any other byte, {@code \r} included.
     */
    static int[] tokens(byte[] line, int lineLength) {
        int newline = lineLength - 1;
        int lineEnd = newline > 1 && line[newline - 1] == '\r' ? newline - 1 : newline;
        int[] bounds = new int[16];
        int count = 0;
        int i = 0;
        while (i < lineEnd) {
            while (i < lineEnd && line[i] == ' ') {
                i++;
            }
            int start = i;
            while (i < lineEnd && line[i] != ' ') {
                i++;
            }
            if (start < i) {
                if (count == bounds.length) {
                    bounds = Arrays.copyOf(bounds, count * 2);
                }
                bounds[count++] = start;
                bounds[count++] = i;
            }
        }
        return Arrays.copyOf(bounds, count);
    }

    private boolean startsWithGet() {
        int i = 0;
        while (i < length && i <= 100 && buffer[i] == ' ') {
            i++;
        }
        return i <= 100 && (has(i, "get ") || has(i, "gets "));
    }

    private boolean has(int at, String prefix) {
        if (length - at < prefix.length()) {
            return false;
        }
        for (int k = 0; k < prefix.length(); k++) {
            if (buffer[at + k] != prefix.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The stream ended (the client shut down its sending half): a request it cut is dropped, as on a disconnect,
     * and the connection closes once the replies owed are sent.
     */
    void end(Frames out) {
        if (!closed) {
            close(out);
        }
    }

    /**
     * A line too long to be a request closes the connection, as memcached closes it; a get that memcached would have
     * read on (it has no bound) is told why first, since the bound is this gateway's, one request message.
     */
    private void closeOverlong(Frames out) {
        if (startsWithGet()) {
            out.local(GET_TOO_LONG.clone());
        }
        close(out);
    }

    private void close(Frames out) {
        closed = true;
        length = 0;
        out.close();
    }

    private void append(byte[] bytes, int offset, int count) {
        if (length + count > buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, length + count));
        }
        System.arraycopy(bytes, offset, buffer, length, count);
        length += count;
    }

    private void shift(int used) {
        System.arraycopy(buffer, used, buffer, 0, length - used);
        length -= used;
    }

    private static int indexOf(byte[] buf, int to) {
        for (int i = 0; i < to; i++) {
            if (buf[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
