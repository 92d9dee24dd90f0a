package org.overbook.perf.run.codec;

/**
 * A result that {@link ResultCodec} cannot read back: its checksum does not match, it is of another format, or it is
 * cut short. Whoever got it says where it came from ({@link #reason()} reads after "the result cannot be read:").
 */
public final class UnreadableResultException extends IllegalStateException {

    private final String reason;

    UnreadableResultException(String reason) {
        super("a result that cannot be read: " + reason);
        this.reason = reason;
    }

    UnreadableResultException(String reason, Throwable cause) {
        super("a result that cannot be read: " + reason, cause);
        this.reason = reason;
    }

    /** Returns why it cannot be read: {@code its checksum does not match}, {@code it is of format 4, expected 5}. */
    public String reason() {
        return reason;
    }
}
