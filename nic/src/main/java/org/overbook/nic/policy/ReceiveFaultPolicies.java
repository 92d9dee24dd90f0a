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
