package org.overbook.workloads.memcached.protocol;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Writes requests in memcached's text protocol, as a client sends them: the inverse of {@link
 * RequestParser} for every well-formed request. Optional parts are written only when they say
 * something: {@code noreply} when set, flush_all's delay when not 0.
 */
public final class RequestEncoder {

    private static final byte[] NOREPLY = " noreply".getBytes(StandardCharsets.US_ASCII);

    private RequestEncoder() {
    }

    /** Returns {@code request} as one message. */
    public static byte[] encode(Request request) {
        MessageBuffer out = new MessageBuffer(64);
        encode(out, request);
        return out.toByteArray();
    }

    /** Appends {@code request} to {@code out}. */
    public static void encode(MessageBuffer out, Request request) {
        switch (request) {
            case Request.Get g -> keys(out.putLatin1(g.returnCas() ? "gets" : "get"), g.keys()).putCrlf();
            case Request.GetAndTouch g -> keys(out.putLatin1(g.returnCas() ? "gats " : "gat ").putDecimal(g.exptime()), g.keys()).putCrlf();
            case Request.Store s -> {
                storageLine(out.putLatin1(s.mode().command()), s.key(), s.flags(), s.exptime(), s.data());
                data(noreply(out, s.noreply()).putCrlf(), s.data());
            }
            case Request.CompareAndSwap c -> {
                storageLine(out.putLatin1("cas"), c.key(), c.flags(), c.exptime(), c.data());
                out.put((byte) ' ').putUnsignedDecimal(c.casUnique());
                data(noreply(out, c.noreply()).putCrlf(), c.data());
            }
            case Request.Delete d -> noreply(out.putLatin1("delete ").put(d.key()), d.noreply()).putCrlf();
            case Request.Arithmetic a -> noreply(out.putLatin1(a.increment() ? "incr " : "decr ").put(a.key())
                    .put((byte) ' ').putUnsignedDecimal(a.delta()), a.noreply()).putCrlf();
            case Request.Touch t -> noreply(out.putLatin1("touch ").put(t.key()).put((byte) ' ').putDecimal(t.exptime()),
                    t.noreply()).putCrlf();
            case Request.FlushAll f -> {
                out.putLatin1("flush_all");
                if (f.delay() != 0) {
                    out.put((byte) ' ').putDecimal(f.delay());
                }
                noreply(out, f.noreply()).putCrlf();
            }
            case Request.Version v -> out.putLatin1("version").putCrlf();
            case Request.Stats s -> {
                out.putLatin1("stats");
                for (String argument : s.arguments()) {
                    out.put((byte) ' ').putLatin1(argument);
                }
                out.putCrlf();
            }
            case Request.Verbosity v -> noreply(out.putLatin1("verbosity ").putUnsignedDecimal(Integer.toUnsignedLong(v.level())),
                    v.noreply()).putCrlf();
            case Request.Quit q -> out.putLatin1("quit").putCrlf();
        }
    }

    private static MessageBuffer keys(MessageBuffer out, List<ByteString> keys) {
        for (ByteString key : keys) {
            out.put((byte) ' ').put(key);
        }
        return out;
    }

    private static void storageLine(MessageBuffer out, ByteString key, int flags, int exptime, ByteString data) {
        out.put((byte) ' ').put(key).put((byte) ' ').putUnsignedDecimal(Integer.toUnsignedLong(flags))
                .put((byte) ' ').putDecimal(exptime).put((byte) ' ').putDecimal(data.length());
    }

    private static MessageBuffer noreply(MessageBuffer out, boolean noreply) {
        return noreply ? out.put(NOREPLY) : out;
    }

    private static void data(MessageBuffer out, ByteString data) {
        out.put(data).putCrlf();
    }
}
