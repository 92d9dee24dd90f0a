package org.overbook.hypervisor.guest;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;
import org.overbook.guest.Guest;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.MemoryPressureListener;
import org.overbook.guest.verbs.Verbs;
import org.overbook.hypervisor.sim.RandomStreams;
import org.overbook.hypervisor.sim.Vcpu;

/**
 * The {@link Guest} a tenant's workload sees: its memory, its vCPU's clock, scheduling on that vCPU,
 * its random streams, and the memory-pressure callbacks its guest kernel calls.
 */
public final class TenantGuest implements Guest {

    private final String name;
    private final TenantMemory memory;
    private final Vcpu vcpu;
    private final RandomStreams streams;
    private final RandomGenerator random;
    private final List<MemoryPressureListener> pressureListeners = new ArrayList<>();
    private Verbs verbs;
    private long measuredWindowStart;

    public TenantGuest(String name, TenantMemory memory, Vcpu vcpu, RandomStreams streams) {
        this.name = name;
        this.memory = memory;
        this.vcpu = vcpu;
        this.streams = streams;
        this.random = streams.stream("tenant/" + name);
    }

    @Override
    public String tenantName() {
        return name;
    }

    @Override
    public GuestMemory memory() {
        return memory;
    }

    @Override
    public long now() {
        return vcpu.now();
    }

    @Override
    public long measuredWindowStart() {
        return measuredWindowStart;
    }

    /** Sets when the run's measured window opens ({@link Guest#measuredWindowStart()}); before the workload boots. */
    public void measureFrom(long windowStart) {
        if (windowStart < 0) {
            throw new IllegalArgumentException("a measured window cannot open at " + windowStart + " ns");
        }
        this.measuredWindowStart = windowStart;
    }

    @Override
    public void charge(long nanos) {
        vcpu.charge(nanos);
    }

    @Override
    public void schedule(long delayNanos, Runnable task) {
        // refused at the call, where the workload's frame is, not when the task would have run
        Objects.requireNonNull(task, "schedule(delayNanos, task): task is null");
        vcpu.schedule(delayNanos, task);
    }

    @Override
    public RandomGenerator random() {
        return random;
    }

    @Override
    public RandomGenerator random(String stream) {
        return streams.stream("tenant/" + name + "/" + stream);
    }

    @Override
    public Verbs verbs() {
        if (verbs == null) {
            throw new IllegalStateException("tenant '" + name + "' has no virtual function: the scenario gives it no NIC");
        }
        return verbs;
    }

    /** Attaches the tenant's virtual function. */
    public void attach(Verbs verbs) {
        if (this.verbs != null) {
            throw new IllegalStateException("tenant '" + name + "' already has a virtual function");
        }
        this.verbs = verbs;
    }

    @Override
    public void onMemoryPressure(MemoryPressureListener listener) {
        pressureListeners.add(listener);
    }

    /**
     * Asks the workloads, in registration order, to give back {@code bytes}; stops once enough came
     * back. Returns the bytes returned to the guest allocator.
     */
    public long relieveMemoryPressure(long bytes) {
        long released = 0;
        for (int i = 0; i < pressureListeners.size() && released < bytes; i++) {
            released += pressureListeners.get(i).release(bytes - released);
        }
        return released;
    }
}
