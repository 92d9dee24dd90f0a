package org.overbook.live.gateway;

import java.util.ArrayDeque;

/**
 * One client connection as the gateway sees it: what it is owed, in order ({@link #owed}), the requests of it
 * not yet posted ({@link #unposted}), and the model connection it borrows, once it has one.
 */
final class Binding {

    final int id;
    final ArrayDeque<Entry> owed = new ArrayDeque<>();
    final ArrayDeque<Entry> unposted = new ArrayDeque<>();
    ModelConnection connection;
    /** The client disconnected: replies still due are dropped. */
    boolean gone;
    /** A close was asked for; nothing more arrives. */
    boolean ending;

    Binding(int id) {
        this.id = id;
    }

    /** The client went away: forgets everything not already on the wire. */
    void forgetUnsent() {
        gone = true;
        ending = true;
        unposted.clear();
        owed.removeIf(e -> e.kind != Entry.Kind.REQUEST || !e.posted());
    }

    /** Its model connection failed: everything owed is dropped, and the socket is to be closed without a reply. */
    void drop() {
        ending = true;
        unposted.clear();
        owed.clear();
    }

    /** Returns whether nothing is owed any more and nothing more will come. */
    boolean finished() {
        return ending && owed.isEmpty();
    }
}
