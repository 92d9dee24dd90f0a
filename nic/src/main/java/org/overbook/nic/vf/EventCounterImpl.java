package org.overbook.nic.vf;

import java.util.ArrayList;
import java.util.List;
import org.overbook.guest.verbs.EventCounter;
import org.overbook.guest.verbs.VerbsException;
import org.overbook.hypervisor.sim.Simulation;
import org.overbook.hypervisor.sim.Vcpu;
import org.overbook.nic.NicCosts;

/**
 * An event counter of a VF and the waiters on it. Detection follows NetVM: a waiter's {@code then}
 * runs on the vCPU the detection latency after the increment that reached its target. A busy-waiting
 * tenant's vCPU spins from the wait until the detection: it is charged for that time and runs nothing
 * else meanwhile; blocking and handlers leave the vCPU free. A busy-wait is awaited from one of the tenant's own tasks,
 * from whose end the vCPU spins on its pCPU; outside them the vCPU holds no pCPU of its own (the one it ran on may be
 * another's, or yielded to the run queue), so the call is refused.
 */
final class EventCounterImpl implements EventCounter {

    private record Waiter(long target, Detection detection, Runnable then) {
    }

    private final Simulation simulation;
    private final Vcpu vcpu;
    private final NicCosts costs;
    private final String tenant;
    private final int id;
    private final List<Waiter> waiters = new ArrayList<>();
    private long value;

    /** Counter {@code id} of the tenant called {@code tenant}, whose vCPU is {@code vcpu}. */
    EventCounterImpl(Simulation simulation, Vcpu vcpu, NicCosts costs, String tenant, int id) {
        this.simulation = simulation;
        this.vcpu = vcpu;
        this.costs = costs;
        this.tenant = tenant;
        this.id = id;
    }

    @Override
    public long value() {
        return value;
    }

    @Override
    public void await(long target, Detection detection, Runnable then) {
        Waiter waiter = new Waiter(target, detection, then);
        if (detection == Detection.BUSY_WAIT) {
            if (!vcpu.inTask()) {
                throw new VerbsException("await(tenant " + tenant + ", counter " + id + ", BUSY_WAIT)", "called outside a task"
                        + " of " + tenant + "'s vCPU, which a busy-wait spins from the end of the task that waits; accepted: a"
                        + " call from one of " + tenant + "'s tasks (its workload's start, a task it scheduled, a handler), or"
                        + " BLOCK or HANDLER");
            }
            vcpu.beginSpin();
        }
        if (value >= target) {
            fire(waiter, vcpu.now());
        } else {
            waiters.add(waiter);
        }
    }

    /** Applies one increment (in sequence order) and wakes the waiters it satisfies. */
    void increment() {
        value++;
        long now = simulation.now();
        for (int i = 0; i < waiters.size(); ) {
            Waiter waiter = waiters.get(i);
            if (value >= waiter.target()) {
                waiters.remove(i);
                fire(waiter, now);
            } else {
                i++;
            }
        }
    }

    private void fire(Waiter waiter, long at) {
        long latency = switch (waiter.detection()) {
            case BUSY_WAIT -> costs.notifyBusyWaitNanos();
            case HANDLER -> costs.notifyHandlerNanos();
            case BLOCK -> costs.notifyBlockNanos();
        };
        long detected = Math.max(at + latency, simulation.now());
        simulation.scheduleAt(detected, () -> {
            if (waiter.detection() == Detection.BUSY_WAIT) {
                vcpu.endSpin(detected);
            }
            vcpu.submit(waiter.then());
        });
    }
}
