package org.overbook.nic.vf;

import java.util.Arrays;
import org.overbook.hypervisor.Tenant;
import org.overbook.hypervisor.memory.FaultKind;
import org.overbook.nic.VfCounters;
import org.overbook.nic.dma.MappingWork;
import org.overbook.nic.dma.Translator;

/**
 * A prefetch the tenant's library asks for ({@code prefault}'s, {@code advise}), as one {@code ibv_advise_mr}
 * call with the flush flag: it returns when the pages are in. The tenant's vCPU does the work
 * {@link MappingWork} prices for a network page fault on the same pages (the driver resolves both the same
 * way; the call is a system call, so the software path's, whatever the NIC's fault path), waiting for each
 * swapped cluster's read before it goes on (an I/O wait, as for a major fault of its own) and, if the pages
 * took frames, for direct reclaim. Only the pages the NIC page table lacks are prefetched (for writing, also those it maps
 * to the zero page, read-only). For reading (a buffer the NIC only reads, {@link ReadAdvice}), a page never touched
 * is mapped to the shared zero page and takes no frame.
 */
final class VcpuPrefetch {

    private final Tenant tenant;
    private final Translator translator;
    private final MappingWork work;
    private final VfCounters counters;
    /** The prefetch's CPU work on the tenant's vCPU ({@link #onVcpu}): made once, not a method reference per call. */
    private final MappingWork.Cpu vcpu = this::onVcpu;
    private int[] missing = new int[16];

    VcpuPrefetch(Tenant tenant, Translator translator, MappingWork work, VfCounters counters) {
        this.tenant = tenant;
        this.translator = translator;
        this.work = work;
        this.counters = counters;
    }

    /**
     * Prefetches pages {@code first..last} (a range already checked against the guest), for writing or only for
     * reading: read advice maps a page never touched to the shared zero page, which takes no frame (it costs its
     * per-page work all the same: the driver resolves it in the same call; only a page populated for writing costs
     * its population too).
     */
    void prefetch(int first, int last, boolean forWrite) {
        int count = 0;
        for (int page = first; page <= last; page++) {
            if (!translator.mapped(page, forWrite)) {
                if (count == missing.length) {
                    missing = Arrays.copyOf(missing, 2 * count);
                }
                missing[count++] = page;
            }
        }
        if (count > 0) {
            int id = tenant.id();
            long pagesIn = work.resolve(tenant.vcpu().now(), id, missing, count, /* ownCall= */ true, /* populates= */ forWrite, vcpu);
            boolean tookFrames = false;
            for (int i = 0; i < count; i++) {
                tookFrames |= translator.prefetch(missing[i], forWrite) != FaultKind.NONE;
            }
            tenant.vcpu().stallUntil(pagesIn, /* asyncFault= */ true);
            if (tookFrames) {
                tenant.waitForReclaim();
            }
        }
        counters.countPrefetched(count);
    }

    /** The vCPU waits for the swap read before ({@code at}; an I/O wait, as for a major fault of its own), then works. */
    private long onVcpu(long at, long cpuNanos) {
        tenant.vcpu().stallUntil(at, /* asyncFault= */ true);
        tenant.vcpu().charge(cpuNanos);
        return tenant.vcpu().now();
    }
}
