package org.overbook.live.gateway;

/** Where the gateway's replies go: the TCP edge in a live session, nowhere in a replay. Called on the simulation thread. */
public interface ReplySink {

    /**
     * Sends {@code bytes[offset, offset+length)} (copied before this returns) to the client of {@code connection};
     * {@code requestBytes} bytes of its requests are now answered.
     */
    void reply(int connection, byte[] bytes, int offset, int length, int requestBytes);

    /** Closes the client's socket once everything sent before has left. */
    void close(int connection);

    /** A sink that drops everything: what a replay sends to. */
    static ReplySink discard() {
        return new ReplySink() {
            @Override
            public void reply(int connection, byte[] bytes, int offset, int length, int requestBytes) {
            }

            @Override
            public void close(int connection) {
            }
        };
    }
}
