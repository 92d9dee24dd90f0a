package org.overbook.hypervisor;

import org.overbook.guest.Guest;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.Workload;
import org.overbook.guest.verbs.Verbs;
import org.overbook.hypervisor.guest.TenantGuest;
import org.overbook.hypervisor.guest.TenantMemory;
import org.overbook.hypervisor.memory.FaultCharges;
import org.overbook.hypervisor.memory.FaultKind;
import org.overbook.hypervisor.memory.SecondLevelTable;
import org.overbook.hypervisor.sim.Vcpu;

/**
 * One guest on the host: its configuration, its second-level table, its vCPU, the {@link Guest} its
 * workload sees, and the guest-kernel hooks the balloon driver uses.
 */
public final class Tenant {

    private final int id;
    private final TenantConfig config;
    private final Vcpu vcpu;
    private final TenantMemory memory;
    private final TenantGuest guest;
    private final FaultCharges faults;
    private Workload workload;
    private long descheduledNanos;

    Tenant(int id, TenantConfig config, Vcpu vcpu, TenantMemory memory, TenantGuest guest, FaultCharges faults) {
        this.faults = faults;
        this.id = id;
        this.config = config;
        this.vcpu = vcpu;
        this.memory = memory;
        this.guest = guest;
    }

    /** Returns the tenant's id: its index in the host's tenant list. */
    public int id() {
        return id;
    }

    public String name() {
        return config.name();
    }

    public TenantConfig config() {
        return config;
    }

    /** Returns the guest context a workload runs with. */
    public Guest guest() {
        return guest;
    }

    /** Returns the tenant's memory as the guest sees it. */
    public GuestMemory memory() {
        return memory;
    }

    /** Returns the host's second-level table for this tenant, for the modules its package is exported to. */
    @SuppressWarnings("exports")
    public SecondLevelTable table() {
        return memory.table();
    }

    public Vcpu vcpu() {
        return vcpu;
    }

    /** Returns the workload booted in this tenant, or null. */
    public Workload workload() {
        return workload;
    }

    /** Tells the workload (through {@link Guest#measuredWindowStart()}) when the run's measured window opens. */
    public void measureFrom(long windowStart) {
        guest.measureFrom(windowStart);
    }

    /** Gives the tenant its virtual function: {@code verbs} is what {@link Guest#verbs()} returns from now on. */
    public void attach(Verbs verbs) {
        guest.attach(verbs);
    }

    /** Boots {@code workload}: its {@code start} runs on this tenant's vCPU at the current time. */
    public void boot(Workload workload) {
        if (this.workload != null) {
            throw new IllegalStateException("tenant '" + name() + "' already runs a workload");
        }
        this.workload = workload;
        vcpu.submit(() -> workload.start(guest));
    }

    /** Returns minor faults taken by this guest's CPU. */
    public long cpuMinorFaults() {
        return memory.minorFaults();
    }

    /** Returns major faults taken by this guest's CPU. */
    public long cpuMajorFaults() {
        return memory.majorFaults();
    }

    /** Returns the vCPU time this guest spent stalled on its own page faults. */
    public long cpuFaultStallNanos() {
        return memory.faultStallNanos();
    }

    /**
     * Charges this tenant's vCPU for a host fault of {@code kind} its own work took outside the guest's
     * memory accesses (pinning a region), which the kernel resolves without a trap
     * ({@link FaultCharges#chargeWithoutTrap}); returns the time its clock moved. For the NIC's pinning.
     */
    @SuppressWarnings("exports")
    public long chargeFaultWithoutTrap(FaultKind kind) {
        return faults.chargeWithoutTrap(vcpu, kind);
    }

    /**
     * Stalls this tenant's vCPU, whose own work outside the guest's memory accesses has just taken frames
     * (a prefetch), for direct reclaim, as after a fault of its own ({@link FaultCharges#waitForReclaim}).
     */
    public void waitForReclaim() {
        faults.waitForReclaim(vcpu);
    }

    // ---- guest-kernel hooks for the balloon driver ----

    /** Asks the guest's workloads to give memory back; returns the bytes they returned. */
    public long relieveMemoryPressure(long bytes) {
        return guest.relieveMemoryPressure(bytes);
    }

    /** Takes one free page from the guest allocator; -1 if none is free. */
    public int takeFreePage() {
        return memory.allocatePage();
    }

    /** Returns a page taken with {@link #takeFreePage()} to the guest allocator. */
    public void returnPage(int page) {
        memory.freePage(page);
    }

    // ---- hypervisor hooks for the balloon manager ----

    /**
     * Takes the vCPU away from the guest for {@code nanos}, as ESX blocks a VM above its target when
     * host memory runs low: the guest's clock jumps past the block (steal time), and a task submitted
     * from now on is dispatched only after it, so the guest allocates nothing meanwhile. One task whose
     * dispatch was already queued still runs at its event, with its clock past the block. The time
     * is not CPU time; it counts in {@link #descheduledNanos()}.
     */
    public void deschedule(long nanos) {
        vcpu.block(nanos);
        descheduledNanos += nanos;
    }

    /** Returns the time this tenant's vCPU was taken away by {@link #deschedule(long)}. */
    public long descheduledNanos() {
        return descheduledNanos;
    }
}
