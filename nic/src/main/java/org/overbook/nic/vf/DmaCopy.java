package org.overbook.nic.vf;

import java.util.Arrays;
import org.overbook.nic.dma.Translator;

/** Moves bytes between a message and the translated frames of a guest buffer, page by page. */
final class DmaCopy {

    private DmaCopy() {
    }

    /**
     * Reads {@code length} bytes at guest {@code address} from {@code frames} into the start of {@code payload}; a page
     * whose frame is {@link Translator#ZERO_PAGE} reads as zeros.
     */
    static void out(Translator translator, long address, int[] frames, byte[] payload, int length) {
        int done = 0;
        long at = address;
        for (int i = 0; done < length; i++) {
            int offset = (int) (at & 4095);
            int chunk = Math.min(length - done, 4096 - offset);
            if (frames[i] == Translator.ZERO_PAGE) {
                Arrays.fill(payload, done, done + chunk, (byte) 0);
            } else {
                translator.copyOut(frames[i], offset, payload, done, chunk);
            }
            done += chunk;
            at += chunk;
        }
    }

    /**
     * Writes {@code length} bytes of {@code payload} from {@code from} to guest {@code address} through
     * {@code frames}, the frames of the pages from {@code address}'s on.
     */
    static void in(Translator translator, byte[] payload, int from, int length, long address, int[] frames) {
        int done = 0;
        long at = address;
        for (int i = 0; done < length; i++) {
            int offset = (int) (at & 4095);
            int chunk = Math.min(length - done, 4096 - offset);
            translator.copyIn(payload, from + done, frames[i], offset, chunk);
            done += chunk;
            at += chunk;
        }
    }
}
