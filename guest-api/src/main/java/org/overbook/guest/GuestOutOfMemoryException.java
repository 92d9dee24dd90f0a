package org.overbook.guest;

/** Thrown when the guest allocator has no free range of the size asked for. */
public final class GuestOutOfMemoryException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public GuestOutOfMemoryException(String message) {
        super(message);
    }
}
