package org.overbook.guest.verbs;

/** A verbs call that cannot be carried out, naming the call and what is wrong with it. */
public final class VerbsException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * @param call    the call and its arguments as the caller wrote them ({@code "connect(tenant p0)"})
     * @param problem what is wrong with it
     */
    public VerbsException(String call, String problem) {
        super(call + ": " + problem);
    }
}
