package org.overbook.guest.verbs;

/** Told when the NIC TLB replaces a translation of a region registered with a listener (an upcall). */
@FunctionalInterface
public interface TranslationListener {

    /** The NIC TLB no longer holds the translation of the page at {@code address} of {@code region}. */
    void translationReplaced(MemoryRegion region, long address);
}
