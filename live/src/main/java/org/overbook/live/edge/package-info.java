/**
 * The TCP edge of live mode: Netty on its own I/O thread accepts memcached clients, frames each byte stream into
 * requests ({@link org.overbook.live.edge.RequestFramer}) and hands them to the simulation thread through a JCTools
 * queue; replies come back through another. Nothing here touches the model.
 */
package org.overbook.live.edge;
