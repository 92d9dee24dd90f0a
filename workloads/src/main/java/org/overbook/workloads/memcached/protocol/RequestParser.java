package org.overbook.workloads.memcached.protocol;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.overbook.workloads.memcached.protocol.ParseResult.Parsed;
import org.overbook.workloads.memcached.protocol.ParseResult.ProtocolError;
import org.overbook.workloads.memcached.protocol.ParseResult.ProtocolError.Kind;

/**
 * Parses one memcached text-protocol request from the start of a message, never throwing on any
 * input: the result is a {@link Request} or the error reply memcached itself would give.
 *
 * <h2>Design</h2>
 * The grammar is memcached's {@code doc/protocol.txt} [1]; where that text is silent, the behaviour
 * and the exact error strings are those of memcached's {@code proto_text.c} [2]:
 * <ul>
 *   <li>The command line ends at the first {@code \n}, and a {@code \r} before it is dropped
 *       (memcached accepts a bare {@code \n}). Tokens are split on spaces. A data block must be
 *       exactly {@code <bytes>} bytes followed by {@code \r\n}.</li>
 *   <li>{@code ERROR}: an unknown command (including memcached's meta and administrative commands,
 *       which Overbook does not implement) and a known command with the wrong number of arguments,
 *       as memcached's {@code WANT_TOKENS} checks answer.</li>
 *   <li>{@code CLIENT_ERROR bad command line format}: a key over 250 bytes (protocol.txt also forbids
 *       control characters, but memcached checks only the length, and so does this parser: memaslap's
 *       keys carry control bytes), a malformed flags,
 *       exptime, length or cas field, a negative length; {@code CLIENT_ERROR invalid exptime
 *       argument} for touch, gat and flush_all; {@code CLIENT_ERROR invalid numeric delta argument}
 *       for incr and decr; delete's own usage message; {@code CLIENT_ERROR bad data chunk} when the
 *       data block is short or not followed by {@code \r\n}.</li>
 *   <li>{@code SERVER_ERROR object too large for cache} when {@code <bytes>} exceeds the item size
 *       limit (1 MiB by default). memcached compares the whole item, header and key included, with
 *       the limit; this codec compares the value alone, so a value of exactly the limit is accepted.</li>
 *   <li>{@code noreply} is recognised, as by memcached's {@code set_noreply_maybe}, when it is the
 *       last token; an error raised after that point is flagged as not to be sent. A trailing
 *       extra token that is not {@code noreply} is ignored, as memcached ignores it.</li>
 *   <li>A line with no {@code \n} at all cannot be a whole request in Overbook's message model:
 *       {@code CLIENT_ERROR bad command line termination} (memcached would wait for more bytes).</li>
 * </ul>
 * Numbers follow {@link CommandLine}'s strict decimal rules.
 *
 * <p>A parser reuses its token arrays between calls: one parser per server, not shared across
 * threads. {@link #parse} copies keys and data out of the message, so the buffer may be reused
 * afterwards; {@link #parseBorrowing} does not, for a server that executes each request before it
 * touches the buffer again: a set's value then goes from the message to guest memory in one copy.
 * {@link #parseReusing} also gives a get and a set, a server's commonest requests, in objects the
 * parser reuses ({@link ParseResult.BorrowedGet}, {@link ParseResult.BorrowedStore}): those parses
 * make no object at all.
 *
 * <p>[1] memcached, {@code doc/protocol.txt}. [2] memcached, {@code proto_text.c}
 * ({@code process_command_ascii}, {@code process_update_command} and friends).
 */
public final class RequestParser {

    /** memcached's default item size limit ({@code -I 1m}). */
    public static final int DEFAULT_ITEM_SIZE_MAX = 1 << 20;

    private static final String BAD_FORMAT = "bad command line format";
    private static final String BAD_EXPTIME = "invalid exptime argument";
    private static final String BAD_DELTA = "invalid numeric delta argument";
    private static final String BAD_CHUNK = "bad data chunk";
    private static final String BAD_TERMINATION = "bad command line termination";
    private static final String DELETE_USAGE = "bad command line format.  Usage: delete <key> [noreply]";
    private static final String TOO_LARGE = "object too large for cache";

    private static final byte[] NOREPLY = ascii("noreply");
    private static final byte[] ZERO = ascii("0");

    /** The commands Overbook implements, by their wire names. */
    private enum Command {
        GET, GETS, GAT, GATS, SET, ADD, REPLACE, APPEND, PREPEND, CAS, DELETE, INCR, DECR, TOUCH,
        FLUSH_ALL, VERSION, STATS, VERBOSITY, QUIT;

        private final byte[] wire = ascii(name().toLowerCase(Locale.ROOT));
    }

    private static final Command[] COMMANDS = Command.values();

    private final int itemSizeMax;
    private final CommandLine line = new CommandLine();
    /** Whether the request being parsed borrows its keys and data from the message. */
    private boolean borrowing;
    /** Whether a get or a storage command being parsed comes as this parser's own result, reused. */
    private boolean reusing;
    private final ParseResult.BorrowedGet borrowedGet = new ParseResult.BorrowedGet();
    private final ParseResult.BorrowedStore borrowedStore = new ParseResult.BorrowedStore();

    /** Creates a parser with memcached's default 1 MiB item size limit. */
    public RequestParser() {
        this(DEFAULT_ITEM_SIZE_MAX);
    }

    /** Creates a parser that rejects values longer than {@code itemSizeMax} bytes. */
    public RequestParser(int itemSizeMax) {
        if (itemSizeMax < 1) {
            throw new IllegalArgumentException("item size limit must be positive: " + itemSizeMax);
        }
        this.itemSizeMax = itemSizeMax;
    }

    /** Returns the item size limit in bytes. */
    public int itemSizeMax() {
        return itemSizeMax;
    }

    /** Parses the request at the start of {@code message}. */
    public ParseResult parse(byte[] message) {
        return parse(message, 0, message.length);
    }

    /**
     * Parses the request at the start of {@code buf[offset, offset+length)}. Never throws for any
     * content; only an offset or length outside {@code buf} is an error.
     */
    public ParseResult parse(byte[] buf, int offset, int length) {
        return parse(buf, offset, length, false, false);
    }

    /**
     * Parses as {@link #parse(byte[], int, int)} does, except that the request's keys and data are
     * windows on {@code buf}, not copies: good only until {@code buf[offset, offset+length)} changes.
     */
    public ParseResult parseBorrowing(byte[] buf, int offset, int length) {
        return parse(buf, offset, length, true, false);
    }

    /**
     * Parses as {@link #parseBorrowing} does, except that a {@code get} or {@code gets} comes as this
     * parser's {@link ParseResult.BorrowedGet} and a storage command but cas as its {@link
     * ParseResult.BorrowedStore}, which its next parse overwrites: for a server that executes each
     * request before it parses the next.
     */
    public ParseResult parseReusing(byte[] buf, int offset, int length) {
        return parse(buf, offset, length, true, true);
    }

    private ParseResult parse(byte[] buf, int offset, int length, boolean borrow, boolean reuse) {
        Objects.checkFromIndexSize(offset, length, buf.length);
        borrowing = borrow;
        reusing = reuse;
        int end = offset + length;
        int newline = ByteScan.indexOf(buf, offset, end, (byte) '\n');
        if (newline < 0) {
            return clientError(BAD_TERMINATION, false, length);
        }
        int lineEnd = newline - offset > 1 && buf[newline - 1] == '\r' ? newline - 1 : newline;
        int lineLength = newline + 1 - offset;
        line.tokenize(buf, offset, lineEnd);
        int n = line.count();
        Command command = n == 0 || line.length(0) < 2 ? null : lookup();
        if (command == null) {
            return error(lineLength);
        }
        return switch (command) {
            case GET, GETS -> get(n, command == Command.GETS, lineLength);
            case GAT, GATS -> getAndTouch(n, command == Command.GATS, lineLength);
            case SET -> store(StoreMode.SET, n, buf, newline + 1, end, lineLength);
            case ADD -> store(StoreMode.ADD, n, buf, newline + 1, end, lineLength);
            case REPLACE -> store(StoreMode.REPLACE, n, buf, newline + 1, end, lineLength);
            case APPEND -> store(StoreMode.APPEND, n, buf, newline + 1, end, lineLength);
            case PREPEND -> store(StoreMode.PREPEND, n, buf, newline + 1, end, lineLength);
            case CAS -> store(null, n, buf, newline + 1, end, lineLength);
            case DELETE -> delete(n, lineLength);
            case INCR, DECR -> arithmetic(n, command == Command.INCR, lineLength);
            case TOUCH -> touch(n, lineLength);
            case FLUSH_ALL -> flushAll(n, lineLength);
            case VERSION -> new Parsed(new Request.Version(), lineLength);
            case QUIT -> new Parsed(new Request.Quit(), lineLength);
            case STATS -> stats(n, lineLength);
            case VERBOSITY -> verbosity(n, lineLength);
        };
    }

    private ParseResult get(int n, boolean returnCas, int consumed) {
        if (n < 2) {
            return error(consumed);
        }
        if (reusing) {
            if (!allKeys(1, n)) {
                return clientError(BAD_FORMAT, false, consumed);
            }
            borrowedGet.point(line, 1, n, returnCas, consumed);
            return borrowedGet;
        }
        List<ByteString> keys = keys(1, n);
        return keys == null ? clientError(BAD_FORMAT, false, consumed) : new Parsed(new Request.Get(keys, returnCas), consumed);
    }

    private ParseResult getAndTouch(int n, boolean returnCas, int consumed) {
        if (n < 2) {
            return error(consumed);
        }
        if (!line.int32(1)) {
            return clientError(BAD_EXPTIME, false, consumed);
        }
        int exptime = (int) line.number();
        List<ByteString> keys = keys(2, n);
        return keys == null ? clientError(BAD_FORMAT, false, consumed)
                : new Parsed(new Request.GetAndTouch(exptime, keys, returnCas), consumed);
    }

    /** Handles the five storage commands and, with {@code mode == null}, cas. */
    private ParseResult store(StoreMode mode, int n, byte[] buf, int dataStart, int end, int lineLength) {
        boolean cas = mode == null;
        int arguments = cas ? 6 : 5;
        if (n != arguments && n != arguments + 1) {
            return error(lineLength);
        }
        boolean noreply = line.is(n - 1, NOREPLY);
        if (!line.isKey(1) || !line.uint32(2)) {
            return clientError(BAD_FORMAT, noreply, lineLength);
        }
        int flags = (int) line.number();
        if (!line.int32(3)) {
            return clientError(BAD_FORMAT, noreply, lineLength);
        }
        int exptime = (int) line.number();
        if (!line.int32(4)) {
            return clientError(BAD_FORMAT, noreply, lineLength);
        }
        long bytes = line.number();
        long casUnique = 0;
        if (cas) {
            if (!line.uint64(5)) {
                return clientError(BAD_FORMAT, noreply, lineLength);
            }
            casUnique = line.number();
        }
        if (bytes < 0 || bytes > Integer.MAX_VALUE - 2) {
            return clientError(BAD_FORMAT, noreply, lineLength);
        }
        int available = end - dataStart;
        if (bytes > itemSizeMax) {
            int swallowed = (int) Math.min(available, bytes + 2);
            return new ProtocolError(Kind.SERVER_ERROR, TOO_LARGE, noreply, lineLength + swallowed);
        }
        int vlen = (int) bytes;
        if (available < vlen + 2) {
            return clientError(BAD_CHUNK, noreply, lineLength + available);
        }
        if (buf[dataStart + vlen] != '\r' || buf[dataStart + vlen + 1] != '\n') {
            return clientError(BAD_CHUNK, noreply, lineLength + vlen + 2);
        }
        if (reusing && !cas) {
            borrowedStore.point(mode, line, 1, flags, exptime, buf, dataStart, vlen, noreply, lineLength + vlen + 2);
            return borrowedStore;
        }
        ByteString key = key(1);
        ByteString data = borrowing ? ByteString.borrow(buf, dataStart, vlen) : ByteString.copyOf(buf, dataStart, vlen);
        Request request = cas
                ? new Request.CompareAndSwap(key, flags, exptime, casUnique, data, noreply)
                : new Request.Store(mode, key, flags, exptime, data, noreply);
        return new Parsed(request, lineLength + vlen + 2);
    }

    private ParseResult delete(int n, int consumed) {
        if (n < 2 || n > 4) {
            return error(consumed);
        }
        boolean noreply = false;
        if (n > 2) {
            boolean holdIsZero = line.is(2, ZERO);
            noreply = line.is(n - 1, NOREPLY);
            boolean valid = (n == 3 && (holdIsZero || noreply)) || (n == 4 && holdIsZero && noreply);
            if (!valid) {
                return clientError(DELETE_USAGE, noreply, consumed);
            }
        }
        if (!line.isKey(1)) {
            return clientError(BAD_FORMAT, noreply, consumed);
        }
        return new Parsed(new Request.Delete(key(1), noreply), consumed);
    }

    private ParseResult arithmetic(int n, boolean increment, int consumed) {
        if (n != 3 && n != 4) {
            return error(consumed);
        }
        boolean noreply = line.is(n - 1, NOREPLY);
        if (!line.isKey(1)) {
            return clientError(BAD_FORMAT, noreply, consumed);
        }
        if (!line.uint64(2)) {
            return clientError(BAD_DELTA, noreply, consumed);
        }
        return new Parsed(new Request.Arithmetic(increment, key(1), line.number(), noreply), consumed);
    }

    private ParseResult touch(int n, int consumed) {
        if (n != 3 && n != 4) {
            return error(consumed);
        }
        boolean noreply = line.is(n - 1, NOREPLY);
        if (!line.isKey(1)) {
            return clientError(BAD_FORMAT, noreply, consumed);
        }
        if (!line.int32(2)) {
            return clientError(BAD_EXPTIME, noreply, consumed);
        }
        return new Parsed(new Request.Touch(key(1), (int) line.number(), noreply), consumed);
    }

    private ParseResult flushAll(int n, int consumed) {
        if (n > 3) {
            return error(consumed);
        }
        boolean noreply = line.is(n - 1, NOREPLY);
        int delay = 0;
        if (n != (noreply ? 2 : 1)) {
            if (!line.int32(1)) {
                return clientError(BAD_EXPTIME, noreply, consumed);
            }
            delay = (int) line.number();
        }
        return new Parsed(new Request.FlushAll(delay, noreply), consumed);
    }

    private ParseResult stats(int n, int consumed) {
        List<String> arguments = new ArrayList<>(n - 1);
        for (int i = 1; i < n; i++) {
            arguments.add(line.latin1(i));
        }
        return new Parsed(new Request.Stats(arguments), consumed);
    }

    private ParseResult verbosity(int n, int consumed) {
        if (n != 2 && n != 3) {
            return error(consumed);
        }
        boolean noreply = line.is(n - 1, NOREPLY);
        if (!line.uint32(1)) {
            return clientError(BAD_FORMAT, noreply, consumed);
        }
        return new Parsed(new Request.Verbosity((int) line.number(), noreply), consumed);
    }

    /**
     * Returns tokens {@code [from, to)} as keys, or null if one is not a valid key: an unmodifiable list,
     * which a request's {@code List.copyOf} keeps as it is.
     */
    private List<ByteString> keys(int from, int to) {
        if (!allKeys(from, to)) {
            return null;
        }
        if (to - from == 1) {
            return List.of(key(from)); // the common single-key get
        }
        ByteString[] keys = new ByteString[to - from];
        for (int i = from; i < to; i++) {
            keys[i - from] = key(i);
        }
        return List.of(keys);
    }

    /** Returns whether tokens {@code [from, to)} are all valid keys. */
    private boolean allKeys(int from, int to) {
        for (int i = from; i < to; i++) {
            if (!line.isKey(i)) {
                return false;
            }
        }
        return true;
    }

    private ByteString key(int token) {
        return line.bytes(token, borrowing);
    }

    private Command lookup() {
        for (Command c : COMMANDS) {
            if (line.is(0, c.wire)) {
                return c;
            }
        }
        return null;
    }

    private static ProtocolError error(int consumed) {
        return new ProtocolError(Kind.ERROR, "", false, consumed);
    }

    private static ProtocolError clientError(String message, boolean noreply, int consumed) {
        return new ProtocolError(Kind.CLIENT_ERROR, message, noreply, consumed);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
