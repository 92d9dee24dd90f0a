package org.overbook.nic.vf;

import java.util.function.LongConsumer;
import org.overbook.nic.VfCounters;
import org.overbook.nic.dma.Translator;

/**
 * A send-side network page fault: one fault resolves every page of a work request, from the one that
 * missed to the end of the buffer, that the NIC page table lacks (as mlx5 ODP faults in a work request's
 * whole range), on the NIC's fault-service workers; then the read starts over.
 */
final class SendFault {

    private static final int[] NO_PAGES = new int[0];

    private SendFault() {
    }

    /** Resolves the missing pages of {@code page} to {@code end} from {@code time} on; {@code retry} gets the time they are in. */
    static void resolve(VirtualFunction vf, int page, int end, long time, LongConsumer retry) {
        Translator translator = vf.translator();
        int[] missing = new int[end - page];
        int count = 0;
        for (int p = page; p < end; p++) {
            if (!translator.mapped(p)) {
                missing[count++] = p;
            }
        }
        int faulted = count;
        long resolved = vf.faultService().serve(time, translator.vf(), missing, faulted, NO_PAGES, 0);
        vf.simulation().scheduleAt(resolved, () -> {
            for (int i = 0; i < faulted; i++) {
                if (!translator.mapped(missing[i])) {
                    translator.resolve(missing[i], VfCounters.Side.SEND);
                }
            }
            retry.accept(resolved);
        });
    }
}
