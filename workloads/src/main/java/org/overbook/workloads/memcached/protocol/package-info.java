/**
 * The memcached text protocol as memcached's {@code doc/protocol.txt} defines it and memcached's
 * {@code proto_text.c} answers it: a parser from request bytes to typed {@link
 * org.overbook.workloads.memcached.protocol.Request}s or memcached's own error reply, a response
 * encoder, and a request encoder for clients.
 *
 * <p>In Overbook a request is a message: the command line and its data block, if any, arrive whole in
 * one receive buffer, and a reply leaves as one message. The codec is pure: it neither stores items
 * nor keeps connection state. The memcached-like server and the load generators in this module use
 * it; nothing outside the module does.
 */
package org.overbook.workloads.memcached.protocol;
