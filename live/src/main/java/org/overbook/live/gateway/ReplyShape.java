package org.overbook.live.gateway;

/** What the modelled memcached answers to one request, as far as finding the reply's end needs. */
public enum ReplyShape {
    /** No reply: a {@code noreply} request, or {@code quit}. */
    NONE,
    /** One line: storage, delete, incr/decr, touch, flush_all, version, verbosity, and every error. */
    LINE,
    /** {@code VALUE} blocks, then {@code END} (or an error line): get, gets, gat, gats. */
    RETRIEVAL,
    /** {@code STAT} lines, then {@code END} (or an error line): stats. */
    STATS
}
