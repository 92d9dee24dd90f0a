package org.overbook.workloads.memcached.protocol;

/** The five storage commands that share one shape: {@code <command> <key> <flags> <exptime> <bytes> [noreply]}. */
public enum StoreMode {
    /** Store unconditionally. */
    SET("set"),
    /** Store only if the key is absent. */
    ADD("add"),
    /** Store only if the key is present. */
    REPLACE("replace"),
    /** Add the data after an existing item's data; flags and exptime are ignored. */
    APPEND("append"),
    /** Add the data before an existing item's data; flags and exptime are ignored. */
    PREPEND("prepend");

    private final String command;

    StoreMode(String command) {
        this.command = command;
    }

    /** Returns the command name as it appears on the wire. */
    public String command() {
        return command;
    }
}
