package org.overbook.nic.policy;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.overbook.guest.ConfigurationException;

/**
 * The receive-fault policies by name.
 *
 * <ul>
 *   <li>{@code rnr-nack} (InfiniBand, ASPLOS 2017): the NIC answers RNR NACK and resolves the fault;
 *       the sender waits its RNR timer and retransmits.
 *   <li>{@code drop} (Ethernet without help): the packet is discarded and the fault resolved; the
 *       sender's transport retransmits after its timeout (200 ms minimum, as Linux TCP).
 *   <li>{@code backup-ring} (ASPLOS 2017, Ethernet): the packet is parked in a pinned, driver-owned
 *       ring and copied to its buffer once the fault is resolved, in order; a full ring falls back to
 *       refusing the packet (a drop on Ethernet), counted as an overflow.
 *   <li>{@code system-buffer} (NetVM): the packet goes to an intermediate host buffer and reaches the
 *       guest with one copy after the page is brought in; senders hold credits for the buffer, so it
 *       can never overflow.
 * </ul>
 */
public final class ReceiveFaultPolicies {

    private record Entry(String description, Supplier<ReceiveFaultPolicy> factory) {
    }

    private static final Map<String, Entry> ENTRIES;

    static {
        Map<String, Entry> entries = new LinkedHashMap<>();
        entries.put("rnr-nack", new Entry("answer RNR NACK; the sender retries after its RNR timer (InfiniBand)", RnrNack::new));
        entries.put("drop", new Entry("discard the packet; the sender retransmits after its RTO (Ethernet)", Drop::new));
        entries.put("backup-ring", new Entry("park the packet in a pinned ring, copy it once the fault is resolved (ASPLOS 2017)", BackupRing::new));
        entries.put("system-buffer", new Entry("redirect to a host buffer, one copy after the page-in; credit flow control (NetVM)", SystemBuffer::new));
        ENTRIES = Collections.unmodifiableMap(entries);
    }

    private ReceiveFaultPolicies() {
    }

    /** Returns a new policy called {@code name}; {@code field} names the scenario field in the error. */
    public static ReceiveFaultPolicy create(String field, String name) {
        Entry entry = ENTRIES.get(name);
        if (entry == null) {
            throw new ConfigurationException(field, "unknown receive-fault policy '" + name + "'; accepted: " + String.join(", ", ENTRIES.keySet()));
        }
        return entry.factory().get();
    }

    public static Map<String, String> descriptions() {
        Map<String, String> out = new LinkedHashMap<>();
        ENTRIES.forEach((name, entry) -> out.put(name, entry.description()));
        return out;
    }

    static final class RnrNack implements ReceiveFaultPolicy {
        @Override
        public String name() {
            return "rnr-nack";
        }

        @Override
        public boolean supports(boolean reliable) {
            return reliable;
        }

        @Override
        public void onFault(FaultedReceive receive) {
            receive.rnrNack();
            receive.resolveInBackground();
        }
    }

    static final class BackupRing implements ReceiveFaultPolicy {
        @Override
        public String name() {
            return "backup-ring";
        }

        @Override
        public boolean supports(boolean reliable) {
            return true;
        }

        @Override
        public void onFault(FaultedReceive receive) {
            if (!receive.stage()) {
                receive.refuse();
                receive.resolveInBackground();
            }
        }
    }

    static final class SystemBuffer implements ReceiveFaultPolicy {
        @Override
        public String name() {
            return "system-buffer";
        }

        @Override
        public boolean supports(boolean reliable) {
            return true;
        }

        @Override
        public boolean creditsPerQueuePair() {
            return true;
        }

        @Override
        public void onFault(FaultedReceive receive) {
            if (!receive.stage()) {
                throw new IllegalStateException("system buffer overflow: a sender transmitted without a credit");
            }
        }
    }

    static final class Drop implements ReceiveFaultPolicy {
        @Override
        public String name() {
            return "drop";
        }

        @Override
        public boolean supports(boolean reliable) {
            return !reliable;
        }

        @Override
        public void onFault(FaultedReceive receive) {
            receive.drop();
            receive.resolveInBackground();
        }
    }
}
