package org.overbook.workloads.memcached.protocol;

import java.util.Arrays;
import java.util.Objects;

/**
 * Reads a retrieval reply ({@code VALUE} blocks closed by {@code END}) in place: where each value's
 * key and data lie in the caller's bytes, and its flags and cas, with nothing copied and nothing
 * allocated once its tables have grown to the largest reply. {@link ResponseParser} builds its
 * {@link Response.Values} from a scan; a client that checks each value where it was received (a
 * load generator's verifier) reads the positions directly.
 *
 * <p>The bytes are judged exactly as {@link ResponseParser#parse} judges them: a reply that is not a
 * well-formed list of values is {@link Outcome#OTHER}, consuming what the parser consumes, and
 * {@link #other(byte[])} returns the error reply or {@link Response.Malformed} it is. The positions
 * hold until the next scan, and refer to the array that was scanned.
 */
public final class RetrievalScanner {

    /** What a scan found at the front of the bytes. */
    public enum Outcome {
        /** The bytes end before the reply does. */
        INCOMPLETE,
        /** A well-formed retrieval reply: {@link #count()} values. */
        VALUES,
        /** An error reply or malformed bytes: {@link #other(byte[])}. */
        OTHER
    }

    /** Why a reply is {@link Outcome#OTHER}. */
    private enum Problem { LINE_END, UNEXPECTED_LINE, BAD_VALUE_LINE, BAD_DATA_END }

    private static final byte[] VALUE = ResponseParser.latin1("VALUE ");
    private static final byte[] END = ResponseParser.latin1("END");
    private static final byte[] MAX_UNSIGNED = ResponseParser.latin1("18446744073709551615");

    private int consumed;
    private int count;
    private int[] keyOffsets = new int[4];
    private int[] keyLengths = new int[4];
    private int[] flags = new int[4];
    private long[] cas = new long[4];
    private boolean[] hasCas = new boolean[4];
    private int[] dataOffsets = new int[4];
    private int[] dataLengths = new int[4];
    private Problem problem;
    private int problemFrom;
    private int problemTo;
    private long problemBytes;

    /** Scans the reply at the start of {@code buf[offset, offset+length)}. */
    public Outcome scan(byte[] buf, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, buf.length);
        int end = offset + length;
        count = 0;
        problem = null;
        int at = offset;
        while (true) {
            int newline = ResponseParser.indexOf(buf, at, end);
            if (newline < 0) {
                return Outcome.INCOMPLETE;
            }
            int next = newline + 1;
            if (newline == at || buf[newline - 1] != '\r') {
                return other(Problem.LINE_END, at, at, 0, next - offset);
            }
            int lineEnd = newline - 1;
            if (ResponseParser.matches(buf, at, lineEnd, END)) {
                consumed = next - offset;
                return Outcome.VALUES;
            }
            if (!ResponseParser.startsWith(buf, at, lineEnd, VALUE)) {
                return other(Problem.UNEXPECTED_LINE, at, lineEnd, 0, next - offset);
            }
            // "VALUE <key> <flags> <bytes> [<cas>]", fields split at every single space
            int keyFrom = at + VALUE.length;
            int fields = 1;
            int flagsFrom = -1;
            int bytesFrom = -1;
            int casFrom = -1;
            for (int i = ByteScan.indexOf(buf, keyFrom, lineEnd, (byte) ' '); i >= 0 && fields <= 4;
                    i = ByteScan.indexOf(buf, i + 1, lineEnd, (byte) ' ')) {
                fields++; // past 4 the line is bad, however many more there are
                switch (fields) {
                    case 2 -> flagsFrom = i + 1;
                    case 3 -> bytesFrom = i + 1;
                    case 4 -> casFrom = i + 1;
                    default -> { }
                }
            }
            if (fields < 3 || fields > 4) {
                return other(Problem.BAD_VALUE_LINE, at, lineEnd, 0, next - offset);
            }
            int bytesTo = fields == 4 ? casFrom - 1 : lineEnd;
            long flagValue = ResponseParser.unsigned(buf, flagsFrom, bytesFrom - 1);
            long bytes = ResponseParser.unsigned(buf, bytesFrom, bytesTo);
            long casValue = fields == 4 ? ResponseParser.unsigned(buf, casFrom, lineEnd) : 0;
            boolean casValid = fields == 3 || casValue != -1 || ResponseParser.matches(buf, casFrom, lineEnd, MAX_UNSIGNED);
            if (flagsFrom - 1 == keyFrom || flagValue < 0 || flagValue > 0xFFFF_FFFFL
                    || bytes < 0 || bytes > Integer.MAX_VALUE - 2 || !casValid) {
                return other(Problem.BAD_VALUE_LINE, at, lineEnd, 0, next - offset);
            }
            int dataEnd = next + (int) bytes;
            if (end - next < bytes + 2) {
                return Outcome.INCOMPLETE;
            }
            if (buf[dataEnd] != '\r' || buf[dataEnd + 1] != '\n') {
                return other(Problem.BAD_DATA_END, at, at, bytes, dataEnd + 2 - offset);
            }
            add(keyFrom, flagsFrom - 1 - keyFrom, (int) flagValue, casValue, fields == 4, next, (int) bytes);
            at = dataEnd + 2;
        }
    }

    /** Returns how many bytes the last complete reply took. */
    public int consumed() {
        return consumed;
    }

    /** Returns how many values the last scan found. */
    public int count() {
        return count;
    }

    /** Returns where value {@code i}'s key starts in the scanned array. */
    public int keyOffset(int i) {
        return keyOffsets[Objects.checkIndex(i, count)];
    }

    /** Returns the length of value {@code i}'s key. */
    public int keyLength(int i) {
        return keyLengths[Objects.checkIndex(i, count)];
    }

    /** Returns value {@code i}'s 32-bit unsigned flags, held in an {@code int}. */
    public int flags(int i) {
        return flags[Objects.checkIndex(i, count)];
    }

    /** Returns value {@code i}'s cas unique, meaningful only if {@link #hasCas(int)}. */
    public long cas(int i) {
        return cas[Objects.checkIndex(i, count)];
    }

    /** Returns whether value {@code i}'s line carried a cas unique. */
    public boolean hasCas(int i) {
        return hasCas[Objects.checkIndex(i, count)];
    }

    /** Returns where value {@code i}'s data block starts in the scanned array. */
    public int dataOffset(int i) {
        return dataOffsets[Objects.checkIndex(i, count)];
    }

    /** Returns the length of value {@code i}'s data block. */
    public int dataLength(int i) {
        return dataLengths[Objects.checkIndex(i, count)];
    }

    /** Returns the values of the last scan as a reply, their keys and data copied out of {@code buf}. */
    public Response.Values values(byte[] buf) {
        Response.Value[] values = new Response.Value[count];
        for (int i = 0; i < count; i++) {
            values[i] = new Response.Value(ByteString.copyOf(buf, keyOffsets[i], keyLengths[i]), flags[i], cas[i], hasCas[i],
                    ByteString.copyOf(buf, dataOffsets[i], dataLengths[i]));
        }
        return new Response.Values(Arrays.asList(values));
    }

    /** Returns the reply the last scan, which found {@link Outcome#OTHER} in {@code buf}, consumed. */
    public Response other(byte[] buf) {
        Objects.requireNonNull(problem, "the last scan found no error or malformed reply");
        return switch (problem) {
            case LINE_END -> new Response.Malformed("a line not ended by \\r\\n");
            case UNEXPECTED_LINE -> {
                String line = ResponseParser.text(buf, problemFrom, problemTo);
                Response error = count == 0 ? ResponseParser.error(line) : null;
                yield error != null ? error : new Response.Malformed("unexpected line '" + line + "'");
            }
            case BAD_VALUE_LINE -> new Response.Malformed("bad VALUE line '" + ResponseParser.text(buf, problemFrom, problemTo) + "'");
            case BAD_DATA_END -> new Response.Malformed("data block of " + problemBytes + " bytes not ended by \\r\\n");
        };
    }

    private Outcome other(Problem kind, int from, int to, long bytes, int used) {
        problem = kind;
        problemFrom = from;
        problemTo = to;
        problemBytes = bytes;
        consumed = used;
        return Outcome.OTHER;
    }

    private void add(int keyFrom, int keyLength, int flagValue, long casValue, boolean withCas, int dataFrom, int dataLength) {
        if (count == keyOffsets.length) {
            int size = 2 * count;
            keyOffsets = Arrays.copyOf(keyOffsets, size);
            keyLengths = Arrays.copyOf(keyLengths, size);
            flags = Arrays.copyOf(flags, size);
            cas = Arrays.copyOf(cas, size);
            hasCas = Arrays.copyOf(hasCas, size);
            dataOffsets = Arrays.copyOf(dataOffsets, size);
            dataLengths = Arrays.copyOf(dataLengths, size);
        }
        keyOffsets[count] = keyFrom;
        keyLengths[count] = keyLength;
        flags[count] = flagValue;
        cas[count] = casValue;
        hasCas[count] = withCas;
        dataOffsets[count] = dataFrom;
        dataLengths[count] = dataLength;
        count++;
    }
}
