package org.overbook.nic.vf;

import org.overbook.nic.dma.Translator;

/** Page arithmetic of guest buffers: which 4 KiB pages a byte range spans, and which of them did not translate. */
final class Pages {

    private Pages() {
    }

    /** Returns the page holding {@code address}. */
    static int first(long address) {
        return (int) (address >>> 12);
    }

    /** Returns the page holding the last byte of {@code length} bytes at {@code address}. */
    static int last(long address, long length) {
        return (int) ((address + length - 1) >>> 12);
    }

    /** Returns the pages {@code length} bytes at {@code address} span (none for no bytes). */
    static int count(long address, int length) {
        return length == 0 ? 0 : last(address, length) - first(address) + 1;
    }

    /** Returns the pages, from {@code firstPage} on, whose frame is {@link Translator#NOT_PRESENT}. */
    static int[] missing(int firstPage, int[] frames) {
        int count = 0;
        for (int frame : frames) {
            if (frame == Translator.NOT_PRESENT) {
                count++;
            }
        }
        int[] missing = new int[count];
        int next = 0;
        for (int i = 0; i < frames.length; i++) {
            if (frames[i] == Translator.NOT_PRESENT) {
                missing[next++] = firstPage + i;
            }
        }
        return missing;
    }
}
