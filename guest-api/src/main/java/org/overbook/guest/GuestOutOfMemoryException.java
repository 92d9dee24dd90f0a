package org.overbook.guest;

/** Thrown when the guest allocator has no free range of the size asked for. */
public final class GuestOutOfMemoryException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The tenant whose memory ran out, or null when the thrower did not say. */
    private final String tenant;

    /** @param message what was asked for and what was left; the tenant is not named */
    public GuestOutOfMemoryException(String message) {
        this(null, message);
    }

    /**
     * @param tenant  the name of the tenant whose memory ran out, so that a report can say which to give more
     * @param message what was asked for and what was left, with the tenant's name and memory
     */
    public GuestOutOfMemoryException(String tenant, String message) {
        super(message);
        this.tenant = tenant;
    }

    /** Returns the name of the tenant whose memory ran out, or null when the thrower did not say. */
    public String tenant() {
        return tenant;
    }
}
