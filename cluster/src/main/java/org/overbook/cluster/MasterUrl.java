package org.overbook.cluster;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.overbook.guest.ConfigurationException;

/**
 * Checks a {@code --master} URL before Spark starts, so that a mistake is one clear line at once rather than a
 * stack trace or a minute of Spark's retries: a standalone master ({@code spark://HOST:PORT[,HOST:PORT]}) must
 * answer a TCP connection within {@link #CONNECT_MILLIS}. Other URLs ({@code local[N]}, {@code yarn},
 * {@code k8s://...}) go to Spark as they are; Spark rejects what it does not know.
 */
final class MasterUrl {

    static final String OPTION = "--master";
    static final String ACCEPTED = "accepted: local, local[N], local[*], spark://HOST:PORT, or another master URL Spark accepts";
    static final int CONNECT_MILLIS = 5_000;

    private static final Pattern STANDALONE = Pattern.compile("spark://(.+)");
    private static final Pattern HOST_PORT = Pattern.compile("\\[?([^\\[\\]]+?)]?:(\\d{1,5})");

    private final String url;
    private final List<InetSocketAddress> masters;

    private MasterUrl(String url, List<InetSocketAddress> masters) {
        this.url = url;
        this.masters = masters;
    }

    /**
     * Returns {@code url} checked.
     *
     * @throws ConfigurationException naming {@code --master} if a standalone URL is malformed or no master answers
     */
    static MasterUrl check(String url) {
        if (url.isBlank()) {
            throw new ConfigurationException(OPTION, "an empty URL; " + ACCEPTED);
        }
        Matcher standalone = STANDALONE.matcher(url);
        if (!standalone.matches()) {
            return new MasterUrl(url, List.of());
        }
        List<InetSocketAddress> masters = new ArrayList<>();
        for (String hostPort : standalone.group(1).split(",")) {
            Matcher m = HOST_PORT.matcher(hostPort);
            int port = m.matches() ? Integer.parseInt(m.group(2)) : -1;
            if (port < 1 || port > 65_535) {
                throw new ConfigurationException(OPTION, url + ": '" + hostPort + "' is not HOST:PORT; " + ACCEPTED);
            }
            masters.add(InetSocketAddress.createUnresolved(m.group(1), port));
        }
        MasterUrl checked = new MasterUrl(url, masters);
        checked.requireReachable();
        return checked;
    }

    private void requireReachable() {
        String problem = null;
        for (InetSocketAddress master : masters) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(InetAddress.getByName(master.getHostString()), master.getPort()), CONNECT_MILLIS);
                return;
            } catch (UnknownHostException e) {
                problem = "unknown host " + master.getHostString();
            } catch (IOException e) {
                problem = "no master answers at " + master.getHostString() + ":" + master.getPort() + " (" + e.getMessage() + ")";
            }
        }
        throw new ConfigurationException(OPTION, url + ": " + problem + "; accepted: the URL a running Spark master prints"
                + " (spark://HOST:PORT), or local[N]");
    }

    /** Returns whether every master of a standalone URL is on this machine's loopback interface. */
    boolean onLoopback() {
        if (masters.isEmpty()) {
            return false;
        }
        for (InetSocketAddress master : masters) {
            try {
                if (!InetAddress.getByName(master.getHostString()).isLoopbackAddress()) {
                    return false;
                }
            } catch (UnknownHostException e) {
                return false;
            }
        }
        return true;
    }

    /** Returns whether this is a cluster of separate executors rather than Spark's local mode in this JVM. */
    boolean remote() {
        return !url.equals("local") && !url.startsWith("local[");
    }

    @Override
    public String toString() {
        return url;
    }
}
