package org.overbook.nic.vf;

import java.util.function.LongConsumer;
import org.overbook.nic.VfCounters;
import org.overbook.nic.dma.Translator;

/**
 * A send-side network page fault: one fault resolves every page of a work request, from the one that
 * missed to the end of the buffer, that the NIC page table lacks (as mlx5 ODP faults in a work request's
 * whole range), on the NIC's fault-service workers; then the read starts over. The fault asks for the access the
 * buffer's region allows, as mlx5's {@code pagefault_real_mr} does (no fault handler asks it to downgrade): write
 * access where the NIC may write the region, so its pages get frames of their own (a page on the zero page too),
 * and read access where it may not, so a page never touched is mapped to the shared zero page and takes no frame.
 */
final class SendFault {

    private static final int[] NO_PAGES = new int[0];

    private SendFault() {
    }

    /**
     * Resolves the missing pages of {@code page} to {@code end}, in a region of {@code access}, from {@code time} on;
     * {@code retry} gets the time they are in.
     */
    static void resolve(VirtualFunction vf, int page, int end, int access, long time, LongConsumer retry) {
        Translator translator = vf.translator();
        boolean forWrite = ReadAdvice.nicWrites(access);
        int[] missing = new int[end - page];
        int count = 0;
        for (int p = page; p < end; p++) {
            if (!translator.mapped(p, forWrite)) {
                missing[count++] = p;
            }
        }
        int faulted = count;
        long resolved = vf.faultService().serve(time, translator.vf(), missing, faulted, NO_PAGES, 0, forWrite);
        vf.simulation().scheduleAt(resolved, () -> {
            for (int i = 0; i < faulted; i++) {
                if (!translator.mapped(missing[i], forWrite)) {
                    translator.resolve(missing[i], VfCounters.Side.SEND, forWrite);
                }
            }
            retry.accept(resolved);
        });
    }
}
