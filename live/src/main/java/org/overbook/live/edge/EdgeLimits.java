package org.overbook.live.edge;

import java.net.InetSocketAddress;
import java.util.Objects;

/**
 * One listen address of a session and what its edge must know of the server tenant behind it.
 *
 * @param address         where to listen
 * @param itemSizeMax     the server's item size limit (its {@code item-size-max})
 * @param messageMax      the largest request message (the server's {@code buffer-size})
 * @param maxConnections  clients connected at once; one more is told {@code ERROR Too many open connections}
 * @param pendingBytesMax request bytes per connection sent to the model and not yet answered, above which the
 *                        edge stops reading that socket until replies catch up (TCP's own back-pressure)
 */
public record EdgeLimits(InetSocketAddress address, int itemSizeMax, int messageMax, int maxConnections, int pendingBytesMax) {

    public EdgeLimits {
        Objects.requireNonNull(address, "address");
        if (itemSizeMax < 1 || messageMax < 1 || maxConnections < 1 || pendingBytesMax < 1) {
            throw new IllegalArgumentException("limits must be positive");
        }
    }
}
