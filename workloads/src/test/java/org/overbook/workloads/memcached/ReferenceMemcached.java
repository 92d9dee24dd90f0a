package org.overbook.workloads.memcached;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.overbook.workloads.memcached.protocol.ByteString;
import org.overbook.workloads.memcached.protocol.Request;
import org.overbook.workloads.memcached.protocol.StoreMode;

/**
 * A plain model of the engine's memcached semantics: a hash map of keys to values, no memory, no
 * eviction, written from {@code doc/protocol.txt} and the rules the engine documents (whole-second
 * expiry from virtual time 0, a global cas counter, flush by "stored before", exact incr/decr digits).
 * It answers each request with the reply bytes the engine must send.
 */
final class ReferenceMemcached {

    private static final int HEADER = 56;
    private static final int THIRTY_DAYS = 60 * 60 * 24 * 30;
    private static final BigInteger TWO_TO_64 = BigInteger.ONE.shiftLeft(64);

    private record Entry(byte[] value, int flags, long deadline, long cas) {
    }

    private final int itemSizeMax;
    private final Map<ByteString, Entry> map = new HashMap<>();
    private long nextCas = 1;
    private long flushedBelowCas;
    private long pendingFlush = -1;
    private long now;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    ReferenceMemcached(int itemSizeMax) {
        this.itemSizeMax = itemSizeMax;
    }

    /** Returns the reply to {@code request} executed at virtual time {@code nanos}. */
    byte[] execute(Request request, long nanos) {
        now = nanos / 1_000_000_000L;
        if (pendingFlush >= 0 && now >= pendingFlush) {
            flushedBelowCas = nextCas;
            pendingFlush = -1;
        }
        out.reset();
        switch (request) {
            case Request.Get g -> {
                for (ByteString key : g.keys()) {
                    value(key, live(key), g.returnCas());
                }
                line("END");
            }
            case Request.GetAndTouch g -> {
                long deadline = deadline(g.exptime());
                for (ByteString key : g.keys()) {
                    Entry e = live(key);
                    if (e != null) {
                        map.put(key, new Entry(e.value, e.flags, deadline, e.cas));
                    }
                    value(key, e, g.returnCas());
                }
                line("END");
            }
            case Request.Store s -> store(s);
            case Request.CompareAndSwap c -> {
                Entry e = live(c.key());
                if (!fits(c.key(), c.data().length())) {
                    line("SERVER_ERROR object too large for cache");
                } else if (e == null) {
                    line("NOT_FOUND");
                } else if (e.cas != c.casUnique()) {
                    line("EXISTS");
                } else {
                    put(c.key(), c.data().toByteArray(), c.flags(), deadline(c.exptime()));
                    line("STORED");
                }
            }
            case Request.Delete d -> line(live(d.key()) != null && map.remove(d.key()) != null ? "DELETED" : "NOT_FOUND");
            case Request.Arithmetic a -> arithmetic(a);
            case Request.Touch t -> {
                Entry e = live(t.key());
                if (e == null) {
                    line("NOT_FOUND");
                } else {
                    map.put(t.key(), new Entry(e.value, e.flags, deadline(t.exptime()), e.cas));
                    line("TOUCHED");
                }
            }
            case Request.FlushAll f -> {
                long at = f.delay() <= 0 ? -1 : deadline(f.delay());
                if (at <= now) {
                    flushedBelowCas = nextCas;
                    pendingFlush = -1;
                } else {
                    pendingFlush = at;
                }
                line("OK");
            }
            case Request.Version v -> line("VERSION " + MemcachedEngine.VERSION);
            case Request.Verbosity v -> line("OK");
            case Request.Stats s -> throw new IllegalArgumentException("the model does not keep statistics");
            case Request.Quit q -> { }
        }
        return request.noreply() ? new byte[0] : out.toByteArray();
    }

    /** Returns the live keys and their values. */
    Map<ByteString, byte[]> contents() {
        Map<ByteString, byte[]> live = new HashMap<>();
        for (ByteString key : map.keySet().toArray(ByteString[]::new)) {
            Entry e = live(key);
            if (e != null) {
                live.put(key, e.value);
            }
        }
        return live;
    }

    /** Returns the live entry's cas unique, or 0. */
    long casOf(ByteString key) {
        Entry e = live(key);
        return e == null ? 0 : e.cas;
    }

    private void store(Request.Store s) {
        ByteString key = s.key();
        if (!fits(key, s.data().length())) {
            line("SERVER_ERROR object too large for cache");
            return;
        }
        Entry e = live(key);
        byte[] data = s.data().toByteArray();
        switch (s.mode()) {
            case SET -> put(key, data, s.flags(), deadline(s.exptime()));
            case ADD -> {
                if (e != null) {
                    line("NOT_STORED");
                    return;
                }
                put(key, data, s.flags(), deadline(s.exptime()));
            }
            case REPLACE -> {
                if (e == null) {
                    line("NOT_STORED");
                    return;
                }
                put(key, data, s.flags(), deadline(s.exptime()));
            }
            case APPEND, PREPEND -> {
                if (e == null || !fits(key, (long) e.value.length + data.length)) {
                    line("NOT_STORED");
                    return;
                }
                byte[] joined = new byte[e.value.length + data.length];
                boolean append = s.mode() == StoreMode.APPEND;
                System.arraycopy(e.value, 0, joined, append ? 0 : data.length, e.value.length);
                System.arraycopy(data, 0, joined, append ? e.value.length : 0, data.length);
                put(key, joined, e.flags, e.deadline);
            }
        }
        line("STORED");
    }

    private void arithmetic(Request.Arithmetic a) {
        Entry e = live(a.key());
        if (e == null) {
            line("NOT_FOUND");
            return;
        }
        String text = new String(e.value, StandardCharsets.ISO_8859_1);
        if (!text.matches("[0-9]+") || new BigInteger(text).compareTo(TWO_TO_64) >= 0) {
            line("CLIENT_ERROR cannot increment or decrement non-numeric value");
            return;
        }
        BigInteger value = new BigInteger(text);
        BigInteger delta = new BigInteger(Long.toUnsignedString(a.delta()));
        BigInteger result = a.increment() ? value.add(delta).mod(TWO_TO_64) : value.subtract(delta).max(BigInteger.ZERO);
        byte[] digits = result.toString().getBytes(StandardCharsets.US_ASCII);
        put(a.key(), digits, e.flags, e.deadline);
        line(result.toString());
    }

    private void put(ByteString key, byte[] value, int flags, long deadline) {
        map.put(key, new Entry(value, flags, deadline, nextCas++));
    }

    private Entry live(ByteString key) {
        Entry e = map.get(key);
        if (e == null) {
            return null;
        }
        boolean expired = e.deadline != 0 && e.deadline <= now;
        if (expired || e.cas < flushedBelowCas) {
            map.remove(key);
            return null;
        }
        return e;
    }

    private long deadline(int exptime) {
        if (exptime == 0) {
            return 0;
        }
        if (exptime < 0) {
            return -1;
        }
        return exptime > THIRTY_DAYS ? exptime : now + exptime;
    }

    private boolean fits(ByteString key, long valueLength) {
        return HEADER + key.length() + valueLength <= itemSizeMax;
    }

    private void value(ByteString key, Entry e, boolean withCas) {
        if (e == null) {
            return;
        }
        String header = "VALUE " + key.toLatin1() + " " + Integer.toUnsignedString(e.flags) + " " + e.value.length
                + (withCas ? " " + Long.toUnsignedString(e.cas) : "");
        line(header);
        out.writeBytes(e.value);
        line("");
    }

    private void line(String text) {
        out.writeBytes(text.getBytes(StandardCharsets.ISO_8859_1));
        out.writeBytes(new byte[] {'\r', '\n'});
    }
}
