package org.overbook.live.gateway;

/**
 * Finds where a memcached text-protocol reply ends in the bytes received so far, without reading values
 * into objects: a {@code VALUE} line's length field says how many data bytes to step over. Any line that
 * is not {@code VALUE} (or {@code STAT}) ends a retrieval (or stats) reply: {@code END}, or an error line.
 */
final class ReplyScanner {

    private ReplyScanner() {
    }

    /** Returns the length of the complete reply of {@code shape} at {@code buf[from, to)}, or -1 if it is not all there. */
    static int complete(byte[] buf, int from, int to, ReplyShape shape) {
        int at = from;
        while (true) {
            int newline = indexOf(buf, at, to);
            if (newline < 0) {
                return -1;
            }
            switch (shape) {
                case NONE, LINE -> {
                    return newline + 1 - from;
                }
                case RETRIEVAL -> {
                    if (!startsWith(buf, at, newline, "VALUE ")) {
                        return newline + 1 - from;
                    }
                    long bytes = valueLength(buf, at, newline);
                    if (bytes < 0) {
                        return newline + 1 - from; // not a VALUE line memcached writes: take it as the last line
                    }
                    long next = newline + 1 + bytes + 2;
                    if (next > to) {
                        return -1;
                    }
                    at = (int) next;
                }
                case STATS -> {
                    if (!startsWith(buf, at, newline, "STAT ")) {
                        return newline + 1 - from;
                    }
                    at = newline + 1;
                }
            }
        }
    }

    /** Returns the 4th field of {@code VALUE <key> <flags> <bytes> [<cas>]}, or -1 if it is not a number. */
    private static long valueLength(byte[] buf, int from, int newline) {
        int end = newline > from && buf[newline - 1] == '\r' ? newline - 1 : newline;
        int field = 0;
        int i = from;
        while (i < end) {
            while (i < end && buf[i] == ' ') {
                i++;
            }
            int start = i;
            while (i < end && buf[i] != ' ') {
                i++;
            }
            if (start < i && field++ == 3) {
                return digits(buf, start, i);
            }
        }
        return -1;
    }

    private static long digits(byte[] buf, int from, int to) {
        if (to - from > 10) {
            return -1;
        }
        long value = 0;
        for (int i = from; i < to; i++) {
            int d = buf[i] - '0';
            if (d < 0 || d > 9) {
                return -1;
            }
            value = value * 10 + d;
        }
        return value;
    }

    private static boolean startsWith(byte[] buf, int from, int to, String prefix) {
        if (to - from < prefix.length()) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (buf[from + i] != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
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
