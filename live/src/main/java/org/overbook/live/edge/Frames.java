package org.overbook.live.edge;

import org.overbook.live.gateway.ReplyShape;

/** What a {@link RequestFramer} makes of a client's bytes, in order. */
interface Frames {

    /** One whole request, to be sent to the model as one message. */
    void request(byte[] bytes, ReplyShape shape, boolean quit);

    /** A reply the edge gives itself, in its place among the model's. */
    void local(byte[] reply);

    /** The connection must close once the replies owed have been sent (quit, or input memcached would close on). */
    void close();
}
