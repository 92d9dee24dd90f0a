package org.overbook.live.session;

import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Checks that a stream of bytes a client received is a sequence of whole memcached text-protocol replies: each line
 * one memcached writes (a status word, an error line with its message, a number from incr/decr, a {@code VERSION},
 * a {@code STAT}), and each {@code VALUE} line followed by exactly its bytes and {@code \r\n}. It cannot tell which
 * request a reply answers; that is what the clients with an oracle check.
 */
final class ReplyGrammar {

    private static final Set<String> WORDS = Set.of("STORED", "NOT_STORED", "EXISTS", "NOT_FOUND", "DELETED", "TOUCHED",
            "OK", "END", "ERROR");
    private static final Pattern ERROR_LINE = Pattern.compile("(CLIENT|SERVER)_ERROR [ -~]+|ERROR Too many open connections");
    private static final Pattern NUMBER = Pattern.compile("[0-9]{1,20}");
    private static final Pattern VERSION = Pattern.compile("VERSION [ -~]+");
    private static final Pattern STAT = Pattern.compile("STAT [!-~]+ [ -~]*");
    private static final Pattern VALUE = Pattern.compile("VALUE ([^ ]{1,250}) ([0-9]{1,10}) ([0-9]{1,10})( [0-9]{1,20})?");

    private ReplyGrammar() {
    }

    /**
     * Returns null if {@code stream} is whole replies, or what is wrong with it and where; with {@code mayBeCut} (the
     * connection was reset) the last reply may be cut short.
     */
    static String violation(byte[] stream, boolean mayBeCut) {
        int at = 0;
        while (at < stream.length) {
            int newline = indexOf(stream, at);
            if (newline < 0 && mayBeCut) {
                return null;
            }
            if (newline < 0 || newline == at || stream[newline - 1] != '\r') {
                return "a reply cut or not ended by \\r\\n at byte " + at + ": " + excerpt(stream, at);
            }
            String line = new String(stream, at, newline - 1 - at, StandardCharsets.ISO_8859_1);
            int next = newline + 1;
            var value = VALUE.matcher(line);
            if (value.matches()) {
                long bytes = Long.parseLong(value.group(3));
                long end = next + bytes + 2;
                if (end > stream.length && mayBeCut) {
                    return null;
                }
                if (end > stream.length || stream[(int) end - 2] != '\r' || stream[(int) end - 1] != '\n') {
                    return "a VALUE block not exactly " + bytes + " bytes and \\r\\n at byte " + at + ": " + excerpt(stream, at);
                }
                next = (int) end;
            } else if (!WORDS.contains(line) && !ERROR_LINE.matcher(line).matches() && !NUMBER.matcher(line).matches()
                    && !VERSION.matcher(line).matches() && !STAT.matcher(line).matches()) {
                return "not a line memcached writes, at byte " + at + ": " + excerpt(stream, at);
            }
            at = next;
        }
        return null;
    }

    private static int indexOf(byte[] stream, int from) {
        for (int i = from; i < stream.length; i++) {
            if (stream[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    static String excerpt(byte[] stream, int from) {
        StringBuilder out = new StringBuilder();
        for (int i = from; i < Math.min(stream.length, from + 80); i++) {
            int b = stream[i] & 0xff;
            out.append(b >= 0x20 && b < 0x7f ? String.valueOf((char) b) : String.format("\\x%02x", b));
        }
        return out.toString();
    }
}
