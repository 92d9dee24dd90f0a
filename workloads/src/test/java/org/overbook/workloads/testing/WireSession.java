package org.overbook.workloads.testing;

import java.nio.charset.StandardCharsets;
import org.overbook.hypervisor.Tenant;
import org.overbook.nic.Testbed;

/**
 * Drives a {@link WireClient} from a test: each exchange sends one message from the client tenant's
 * vCPU and runs the testbed until it is quiet, so every reply the message causes has arrived,
 * whatever faults, RNR NACKs and retries it took; {@code noreply} shows as an empty answer.
 */
public final class WireSession {

    private final Testbed testbed;
    private final Tenant tenant;
    private final WireClient client;

    /** Boots {@code client} in {@code tenant} and runs until it has connected. */
    public WireSession(Testbed testbed, Tenant tenant, WireClient client) {
        this.testbed = testbed;
        this.tenant = tenant;
        this.client = client;
        tenant.boot(client);
        testbed.simulation().run();
    }

    /** Sends {@code message} (Latin-1) and returns the bytes that came back, Latin-1. */
    public String exchange(String message) {
        return new String(exchange(message.getBytes(StandardCharsets.ISO_8859_1)), StandardCharsets.ISO_8859_1);
    }

    /** Sends {@code message} and returns the bytes that came back. */
    public byte[] exchange(byte[] message) {
        tenant.vcpu().submit(() -> client.send(message));
        testbed.simulation().run();
        return client.takeReceived();
    }

    /** Lets {@code nanos} of virtual time pass. */
    public void advance(long nanos) {
        testbed.simulation().runUntil(testbed.simulation().now() + nanos);
    }

    public WireClient client() {
        return client;
    }

    /** Returns {@code s} with CR and LF visible, for messages. */
    public static String printable(String s) {
        String shown = s.length() > 200 ? s.substring(0, 200) + "...(" + s.length() + " chars)" : s;
        return shown.replace("\r", "\\r").replace("\n", "\\n");
    }
}
