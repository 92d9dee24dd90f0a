package org.overbook.workloads.load;

/**
 * One request a load generator issues, before any protocol encoding.
 *
 * @param kind        what to do
 * @param keyId       the key, rendered to bytes with the stream's {@link KeyFormat}
 * @param keyLength   the rendered key's length in bytes: at least {@link KeyFormat#minimumLength(long)},
 *                    at most memcached's 250
 * @param valueLength bytes written by SET, UPDATE, INSERT and READ_MODIFY_WRITE; 0 for reads and scans
 * @param scanLength  records read by SCAN, starting at {@code keyId}; 0 for every other kind
 */
public record Operation(Kind kind, long keyId, int keyLength, int valueLength, int scanLength) {

    /** memcached's key length limit, in bytes. */
    public static final int MAX_KEY_LENGTH = 250;

    /** What an operation does. */
    public enum Kind {
        /** Read one key (memcached get; YCSB read). */
        GET,
        /** Store a value (memcached set). */
        SET,
        /** Overwrite an existing record (YCSB update; a set on memcached). */
        UPDATE,
        /** Store a new record with a fresh key (YCSB insert). */
        INSERT,
        /** Read {@code scanLength} consecutive records (YCSB scan; a multi-key get on memcached). */
        SCAN,
        /** Read a record, then write it back (YCSB read-modify-write). */
        READ_MODIFY_WRITE;

        /** Returns whether this kind writes a value. */
        public boolean writes() {
            return this == SET || this == UPDATE || this == INSERT || this == READ_MODIFY_WRITE;
        }
    }

    public Operation {
        if (kind == null || keyId < 0 || keyLength < KeyFormat.minimumLength(keyId) || keyLength > MAX_KEY_LENGTH
                || valueLength < 0 || scanLength < 0) {
            throw new IllegalArgumentException("malformed operation: " + kind + " " + keyId + " " + keyLength + " " + valueLength + " " + scanLength);
        }
        if (kind.writes() != (valueLength > 0) || (kind == Kind.SCAN) != (scanLength > 0)) {
            throw new IllegalArgumentException("lengths do not fit the kind: " + kind + " value " + valueLength + " scan " + scanLength);
        }
    }
}
