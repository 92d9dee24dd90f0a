package org.overbook.hypervisor.memory;

/** The host could find no frame to give: everything resident is pinned or locked, or swap is full. */
public final class HostOutOfMemoryException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public HostOutOfMemoryException(String message) {
        super(message);
    }
}
