package org.overbook.live.edge;

/**
 * A reply on its way from the simulation thread to a socket: its bytes (possibly none), the request bytes it
 * answers, and whether the socket closes after it.
 */
record Outgoing(int connection, byte[] bytes, int requestBytes, boolean close) {
}
