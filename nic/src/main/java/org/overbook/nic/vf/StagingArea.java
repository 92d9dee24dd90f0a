package org.overbook.nic.vf;

/**
 * Where a VF parks messages whose destination faulted, counted in 4 KiB slots: the pinned backup ring
 * of the ASPLOS 2017 Ethernet design, or NetVM's system buffer. It tracks use and the peak, and
 * refuses what does not fit.
 */
public final class StagingArea {

    private int capacity;
    private int used;
    private int peak;

    StagingArea(int capacity) {
        this.capacity = capacity;
    }

    /**
     * Returns the system-buffer credits a message of {@code bytes} takes over a link of {@code mtu}: a 4 KiB slot per
     * packet at least, as the sender holds credits for the whole message before it sends it.
     */
    public static int creditsFor(int bytes, int mtu) {
        return Message.stagingSlots(bytes, mtu);
    }

    /** Returns the slots {@code bytes} take. */
    static int slots(int bytes) {
        return Math.max(1, (bytes + 4095) >>> 12);
    }

    boolean reserve(int slots) {
        if (used + slots > capacity) {
            return false;
        }
        used += slots;
        peak = Math.max(peak, used);
        return true;
    }

    void release(int slots) {
        used -= slots;
    }

    /** Grows the area (the system buffer grows by the credits of each queue pair that connects). */
    void grow(int slots) {
        capacity += slots;
    }

    public int capacity() {
        return capacity;
    }

    public int used() {
        return used;
    }

    /** Returns the most slots ever in use at once. */
    public int peak() {
        return peak;
    }
}
