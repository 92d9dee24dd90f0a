package org.overbook.hypervisor.memory;

import org.overbook.hypervisor.CostModel;
import org.overbook.hypervisor.HostResources;
import org.overbook.hypervisor.sim.Vcpu;

/**
 * What a page fault costs the context that took it, on the contended host: a minor fault is CPU work
 * (populating a zeroed frame); a major fault is the kernel's swap-in path on the CPU, then a wait for the
 * swap path's host-wide ceiling and the swap device (an I/O stall: the pCPU is free meanwhile, and with
 * KVM's asynchronous page faults the vCPU too); and any fault that took a frame may then wait for
 * reclaim's write-back when free frames have fallen to the min watermark (direct reclaim).
 *
 * <p>A minor fault costs the trap, the handler and the return ({@link CostModel#minorFaultNanos()}) when the
 * guest's CPU takes it ({@link #charge}); when the kernel populates the page for a caller of its own (pinning:
 * {@code get_user_pages} runs the handler's core through {@code faultin_page} and {@code handle_mm_fault}, with no
 * trap) it costs the handler's core alone ({@link CostModel#populatePageNanos()}, {@link #chargeWithoutTrap}). A
 * major fault costs the same either way.
 */
public final class FaultCharges {

    private final HostMemory memory;
    private final CostModel costs;
    private final HostResources resources;

    public FaultCharges(HostMemory memory, CostModel costs, HostResources resources) {
        this.memory = memory;
        this.costs = costs;
        this.resources = resources;
    }

    /**
     * Charges {@code vcpu} for a fault of {@code kind} that {@link HostMemory#fault} has just resolved in
     * the model's state. Returns the time the vCPU's clock moved (CPU and stalls).
     */
    public long charge(Vcpu vcpu, FaultKind kind) {
        return charge(vcpu, kind, costs.minorFaultNanos());
    }

    /**
     * Charges {@code vcpu} for a fault of {@code kind} that the kernel resolved for the vCPU's own work outside
     * its memory accesses, without a trap (pinning): a page never touched costs its population alone. Returns
     * the time the vCPU's clock moved.
     */
    public long chargeWithoutTrap(Vcpu vcpu, FaultKind kind) {
        return charge(vcpu, kind, costs.populatePageNanos());
    }

    private long charge(Vcpu vcpu, FaultKind kind, long minorNanos) {
        if (kind == FaultKind.NONE) {
            return 0;
        }
        long from = vcpu.now();
        if (kind == FaultKind.MINOR) {
            vcpu.charge(minorNanos);
        } else {
            vcpu.charge(resources.swapInCpuNanos());
            vcpu.stallUntil(memory.io().swapIn(vcpu.now(), memory.lastSwapInPages()), /* asyncFault= */ true);
        }
        waitForReclaim(vcpu);
        return vcpu.now() - from;
    }

    /**
     * Stalls {@code vcpu}, whose work has just taken frames, while reclaim's write-back lags so far that free
     * frames are at the min watermark (direct reclaim); at once otherwise.
     */
    public void waitForReclaim(Vcpu vcpu) {
        vcpu.stallUntil(memory.reclaimWaitUntil(vcpu.now()), /* asyncFault= */ false);
    }
}
