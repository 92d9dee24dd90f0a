package org.overbook.workloads.memcached.protocol;

import java.util.List;
import java.util.Objects;

/**
 * A memcached text-protocol request, as {@link RequestParser} reads it and {@link RequestEncoder}
 * writes it. One record per command shape; a server handles them with an exhaustive {@code switch}.
 *
 * <p>Numbers keep memcached's widths: flags are a 32-bit unsigned integer held in an {@code int} (read
 * it with {@link Integer#toUnsignedLong(int)}), exptime and delays are signed 32-bit, cas uniques and
 * incr/decr deltas are 64-bit unsigned held in a {@code long} ({@link Long#toUnsignedString(long)}).
 * Keys are 1 to {@value #KEY_MAX_LENGTH} bytes with no space and no newline (memcached checks only the length,
 * and real clients, memaslap among them, send control bytes in keys); every record
 * checks that, so an encoder never emits a malformed line.
 */
public sealed interface Request {

    /** memcached's key length limit, in bytes. */
    int KEY_MAX_LENGTH = 250;

    /** Returns whether the client asked the server not to reply ({@code noreply}). */
    default boolean noreply() {
        return false;
    }

    /** Returns whether {@code key} is a valid memcached key: 1 to 250 bytes, no space or newline. */
    static boolean isValidKey(ByteString key) {
        if (key.length() == 0 || key.length() > KEY_MAX_LENGTH) {
            return false;
        }
        return key.indexOfEither((byte) ' ', (byte) '\n') < 0;
    }

    /** {@code get <key>*} and {@code gets <key>*}: fetch items, with their cas unique for gets. */
    record Get(List<ByteString> keys, boolean returnCas) implements Request {
        public Get {
            keys = checkKeys(keys);
            if (keys.isEmpty()) {
                throw new IllegalArgumentException("get needs at least one key");
            }
        }
    }

    /**
     * {@code gat <exptime> <key>*} and {@code gats <exptime> <key>*}: fetch items and set their
     * expiration. memcached accepts an empty key list (and answers {@code END}), so this may have none.
     */
    record GetAndTouch(int exptime, List<ByteString> keys, boolean returnCas) implements Request {
        public GetAndTouch {
            keys = checkKeys(keys);
        }
    }

    /** {@code set|add|replace|append|prepend <key> <flags> <exptime> <bytes> [noreply]} and its data block. */
    record Store(StoreMode mode, ByteString key, int flags, int exptime, ByteString data, boolean noreply)
            implements Request {
        public Store {
            Objects.requireNonNull(mode, "mode");
            checkKey(key);
            Objects.requireNonNull(data, "data");
        }
    }

    /** {@code cas <key> <flags> <exptime> <bytes> <cas unique> [noreply]} and its data block. */
    record CompareAndSwap(ByteString key, int flags, int exptime, long casUnique, ByteString data, boolean noreply)
            implements Request {
        public CompareAndSwap {
            checkKey(key);
            Objects.requireNonNull(data, "data");
        }
    }

    /** {@code delete <key> [noreply]} (memcached also accepts a legacy {@code 0} before noreply). */
    record Delete(ByteString key, boolean noreply) implements Request {
        public Delete {
            checkKey(key);
        }
    }

    /** {@code incr <key> <value> [noreply]} or {@code decr ...}; {@code delta} is 64-bit unsigned. */
    record Arithmetic(boolean increment, ByteString key, long delta, boolean noreply) implements Request {
        public Arithmetic {
            checkKey(key);
        }
    }

    /** {@code touch <key> <exptime> [noreply]}. */
    record Touch(ByteString key, int exptime, boolean noreply) implements Request {
        public Touch {
            checkKey(key);
        }
    }

    /** {@code flush_all [delay] [noreply]}; an absent delay is 0, meaning now. */
    record FlushAll(int delay, boolean noreply) implements Request {
    }

    /** {@code version}. */
    record Version() implements Request {
    }

    /** {@code stats [args]}: the arguments as Latin-1 strings, none for general-purpose statistics. */
    record Stats(List<String> arguments) implements Request {
        public Stats {
            arguments = List.copyOf(arguments);
            for (String a : arguments) {
                if (a.isEmpty() || a.indexOf(' ') >= 0 || a.indexOf('\n') >= 0) {
                    throw new IllegalArgumentException("stats argument must be non-empty, without space or newline: '" + a + "'");
                }
            }
        }
    }

    /** {@code verbosity <level> [noreply]}; the level is 32-bit unsigned. */
    record Verbosity(int level, boolean noreply) implements Request {
    }

    /** {@code quit}: the server closes the connection. */
    record Quit() implements Request {
    }

    private static List<ByteString> checkKeys(List<ByteString> keys) {
        List<ByteString> copy = List.copyOf(keys);
        for (int i = 0; i < copy.size(); i++) { // indexed: no iterator per request
            checkKey(copy.get(i));
        }
        return copy;
    }

    private static void checkKey(ByteString key) {
        Objects.requireNonNull(key, "key");
        if (!isValidKey(key)) {
            throw new IllegalArgumentException("not a valid memcached key: " + key);
        }
    }
}
