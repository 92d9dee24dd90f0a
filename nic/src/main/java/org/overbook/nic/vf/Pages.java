package org.overbook.nic.vf;

import org.overbook.guest.verbs.VerbsException;
import org.overbook.nic.dma.Translator;

/** Page arithmetic of guest buffers: whether a byte range lies in the guest, which 4 KiB pages it spans, which did not translate. */
final class Pages {

    private Pages() {
    }

    /** Returns whether {@code length} bytes at {@code address} lie within the first {@code bytes} of the guest. */
    static boolean inside(long address, long length, long bytes) {
        return length >= 0 && address >= 0 && address <= bytes - length;
    }

    /**
     * Refuses a memory policy's range that is not the guest's (an empty one is allowed, and does nothing).
     *
     * @throws VerbsException naming {@code call} and {@code tenant}
     */
    static void requireInside(String call, String tenant, long address, long length, long bytes) {
        if (!inside(address, length, bytes)) {
            throw new VerbsException(call + "(tenant " + tenant + ")", "[" + address + ", " + (address + length)
                    + ") is not a range of the guest's " + bytes + " bytes");
        }
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
