package org.overbook.nic;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * What one virtual function did: network page faults by side and kind, transport events, pinning and
 * registration-cache use, protection errors, traffic. TLB figures come from the shared TLB itself.
 *
 * <p>Traffic (messages and bytes sent and received) is counted by each queue pair in its own fields, which every
 * message touches anyway, and summed here when read ({@link #addTraffic}): counted here, every message would also
 * touch this object, a cold cache line with many tenants.
 */
public final class VfCounters {

    /** One queue pair's traffic, counted where it happens. */
    public interface Traffic {
        long messagesSent();

        long bytesSent();

        long messagesReceived();

        long bytesReceived();
    }

    /** Which DMA direction took a network page fault. */
    public enum Side { SEND, RECEIVE }

    /** What a network page fault needed from the host. */
    public enum FaultKind {
        /** The page was resident; only the NIC page table lacked it. */
        MAPPING,
        /** The host populated the page: a zeroed frame, or, for an access that only reads, the shared zero page. */
        MINOR,
        /** The host read the page back from swap. */
        MAJOR
    }

    private final long[] faults = new long[Side.values().length * FaultKind.values().length];
    long rnrNacksSent;
    long rnrNacksReceived;
    long drops;
    long retransmits;
    long timeouts;
    long protectionErrors;
    long registrations;
    long registrationCacheHits;
    long registrationCacheMisses;
    long prefetchedPages;
    long staged;
    long stagingOverflows;
    long upcalls;
    private final List<Traffic> traffic = new ArrayList<>();

    public long faults(Side side, FaultKind kind) {
        return faults[side.ordinal() * FaultKind.values().length + kind.ordinal()];
    }

    public long faults(Side side) {
        long sum = 0;
        for (FaultKind kind : FaultKind.values()) {
            sum += faults(side, kind);
        }
        return sum;
    }

    public void countFault(Side side, FaultKind kind) {
        faults[side.ordinal() * FaultKind.values().length + kind.ordinal()]++;
    }

    public long rnrNacksSent() {
        return rnrNacksSent;
    }

    public long rnrNacksReceived() {
        return rnrNacksReceived;
    }

    /** Returns packets this VF discarded on receive (no buffer or a fault, on the datagram transport). */
    public long drops() {
        return drops;
    }

    /** Returns messages this VF sent again (after an RNR NACK or a timeout). */
    public long retransmits() {
        return retransmits;
    }

    /** Returns retransmission timeouts of the datagram transport. */
    public long timeouts() {
        return timeouts;
    }

    public long protectionErrors() {
        return protectionErrors;
    }

    public long messagesSent() {
        return sum(Traffic::messagesSent);
    }

    public long messagesReceived() {
        return sum(Traffic::messagesReceived);
    }

    public long bytesSent() {
        return sum(Traffic::bytesSent);
    }

    public long bytesReceived() {
        return sum(Traffic::bytesReceived);
    }

    /** Adds a queue pair's traffic to this VF's. */
    public void addTraffic(Traffic queuePair) {
        traffic.add(queuePair);
    }

    private long sum(ToLongFunction<Traffic> figure) {
        long sum = 0;
        for (Traffic queuePair : traffic) {
            sum += figure.applyAsLong(queuePair);
        }
        return sum;
    }

    public long registrations() {
        return registrations;
    }

    public long registrationCacheHits() {
        return registrationCacheHits;
    }

    public long registrationCacheMisses() {
        return registrationCacheMisses;
    }

    /** Returns pages brought in ahead of use (prefault policy, advise, responder prefetch). */
    public long prefetchedPages() {
        return prefetchedPages;
    }

    /** Returns messages parked in the backup ring or the system buffer while their fault was resolved. */
    public long staged() {
        return staged;
    }

    /** Returns messages refused because the backup ring was full. */
    public long stagingOverflows() {
        return stagingOverflows;
    }

    /** Returns TLB-replacement upcalls delivered to the tenant. */
    public long upcalls() {
        return upcalls;
    }

    public void countStaged() {
        staged++;
    }

    public void countStagingOverflow() {
        stagingOverflows++;
    }

    public void countUpcall() {
        upcalls++;
    }

    public void countRnrNackSent() {
        rnrNacksSent++;
    }

    public void countRnrNackReceived() {
        rnrNacksReceived++;
    }

    public void countDrop() {
        drops++;
    }

    public void countRetransmit() {
        retransmits++;
    }

    public void countTimeout() {
        timeouts++;
    }

    public void countProtectionError() {
        protectionErrors++;
    }

    public void countRegistration() {
        registrations++;
    }

    public void countRegistrationCache(boolean hit) {
        if (hit) {
            registrationCacheHits++;
        } else {
            registrationCacheMisses++;
        }
    }

    public void countPrefetched(int pages) {
        prefetchedPages += pages;
    }
}
