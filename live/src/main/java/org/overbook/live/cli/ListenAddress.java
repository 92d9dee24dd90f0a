package org.overbook.live.cli;

import java.net.InetSocketAddress;
import org.overbook.guest.ConfigurationException;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads {@code --listen HOST:PORT} ({@code [::1]:11211} for IPv6; port 0 picks a free one). */
final class ListenAddress implements ITypeConverter<InetSocketAddress> {

    /** The default: memcached's port on loopback, reachable from this machine only. */
    static final String DEFAULT = "127.0.0.1:11211";

    @Override
    public InetSocketAddress convert(String value) {
        try {
            return parse(value);
        } catch (ConfigurationException e) {
            // picocli names the option itself; any other exception it prints with its class name
            throw new TypeConversionException(e.problem());
        }
    }

    static InetSocketAddress parse(String value) {
        int colon = value.lastIndexOf(':');
        if (colon <= 0 || colon == value.length() - 1) {
            throw new ConfigurationException("--listen", "'" + value + "' is not HOST:PORT; accepted: e.g. 127.0.0.1:11211");
        }
        String host = value.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port;
        try {
            port = Integer.parseInt(value.substring(colon + 1));
        } catch (NumberFormatException e) {
            port = -1;
        }
        if (port < 0 || port > 65_535) {
            throw new ConfigurationException("--listen", "'" + value + "' has no valid port; accepted: 0 to 65535");
        }
        InetSocketAddress address = new InetSocketAddress(host, port);
        if (address.isUnresolved()) {
            throw new ConfigurationException("--listen", "cannot resolve host '" + host + "'");
        }
        return address;
    }
}
