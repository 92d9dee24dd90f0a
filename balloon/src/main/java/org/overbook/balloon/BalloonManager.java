package org.overbook.balloon;

import java.util.ArrayList;
import java.util.List;
import org.overbook.balloon.BalloonConfig.TenantSettings;
import org.overbook.balloon.policy.AllocationPolicies;
import org.overbook.balloon.policy.AllocationPolicy;
import org.overbook.balloon.policy.TenantDemand;
import org.overbook.hypervisor.Host;
import org.overbook.hypervisor.Tenant;
import org.overbook.hypervisor.memory.HostMemory;
import org.overbook.hypervisor.sim.Simulation;

/**
 * The host's balloon manager: sets each tenant's target allocation by policy, from its shares,
 * reservations and estimated working set, and drives the tenants' balloon drivers toward those targets
 * according to how short of free memory the host is.
 *
 * <p>Design, after VMware ESX [1]. Three periodic activities run in virtual time. (1) Every sampling
 * period (ESX: 30 s) each tenant's {@link WorkingSetEstimator} closes a sample of accessed bits and
 * starts another [1, §5.3]. (2) Every reallocation period (ESX: 15 s) the {@link AllocationPolicy}
 * turns shares, reservations and working sets into target allocations that together leave the high
 * threshold of host memory free [1, §6.3]: {@code static}, {@code proportional} or {@code idle-tax}
 * (min-funding revocation with an idle memory tax, τ = 0.75 [1, §5.2]). (3) Every state check (100 ms)
 * free memory moves the host between {@link MemoryState}s with hysteresis [1, §6.3], and each balloon
 * gets a target size: the tenant's memory less its target allocation, which its {@link BalloonDriver}
 * [2] moves toward at the cost model's rate. In HIGH nothing is reclaimed
 * (balloons may deflate, never inflate); in SOFT balloons inflate; in HARD the host's own watermark
 * reclaim (CLOCK to swap, {@code host.reclaim.*}, 1–2 % by default) pages out as well, so the manager
 * does nothing more; in LOW, tenants whose resident pages exceed their target are also descheduled
 * ({@link Tenant#deschedule(long)}) one state check at a time, so they cannot allocate until reclaim
 * catches up. Whatever the state, a balloon always holds at least the memory above its tenant's
 * limit, and never more than the memory above its reservation; a tenant's pinned pages count toward
 * the least it can be given, since no balloon or swap can take them.
 *
 * <p>Left out: content-based page sharing and hot I/O page remapping [1, §4, §7]; ESX's choice of swap
 * victims among tenants above target (the host's CLOCK is global); memory compression (later ESX).
 * The manager's events keep the simulation busy until {@link #stop()}, so drive it with
 * {@link Simulation#runUntil(long)}.
 *
 * <p>References: [1] C. A. Waldspurger, "Memory Resource Management in VMware ESX Server", OSDI 2002.
 * [2] Linux {@code drivers/misc/vmw_balloon.c} and {@code drivers/virtio/virtio_balloon.c}.
 */
public final class BalloonManager {

    private final Host host;
    private final BalloonConfig config;
    private final AllocationPolicy policy;
    private final List<TenantSettings> settings;
    private final BalloonDriver[] drivers;
    private final WorkingSetEstimator[] estimators;
    private final long[] targets;
    private MemoryState state = MemoryState.HIGH;
    private long stateChanges;
    private long reallocations;
    private boolean stopped;

    private BalloonManager(Host host, BalloonConfig config, List<TenantSettings> settings) {
        this.host = host;
        this.config = config;
        this.settings = settings;
        this.policy = AllocationPolicies.create("balloon.policy", config.policy(), config.idleTax());
        int n = host.tenants().size();
        this.drivers = new BalloonDriver[n];
        this.estimators = new WorkingSetEstimator[n];
        this.targets = new long[n];
        for (Tenant tenant : host.tenants()) {
            int id = tenant.id();
            drivers[id] = new BalloonDriver(tenant, host.memory(), host.config().costs());
            estimators[id] = new WorkingSetEstimator(host.memory(), tenant.table(),
                    host.simulation().random().stream("balloon/sampler/" + tenant.name()), config.samplePages());
            targets[id] = settings.get(id).maxPages();
        }
    }

    /**
     * Validates {@code config} against {@code host}, installs a balloon driver in every tenant and starts
     * the manager's periodic work at the current virtual time.
     *
     * @throws org.overbook.guest.ConfigurationException naming the field at fault
     */
    public static BalloonManager start(Host host, BalloonConfig config) {
        BalloonManager manager = new BalloonManager(host, config, config.resolve(host.config()));
        Simulation simulation = host.simulation();
        simulation.schedule(0, manager::beginSampling);
        simulation.schedule(0, manager::reallocate);
        simulation.schedule(0, manager::checkState);
        return manager;
    }

    /** Stops the periodic work; balloons keep their pages and finish the batch under way. */
    public void stop() {
        stopped = true;
    }

    /** Returns the free-memory state as of the last check. */
    public MemoryState state() {
        return state;
    }

    /** Returns how many times the state has changed. */
    public long stateChanges() {
        return stateChanges;
    }

    /** Returns how many times targets have been computed. */
    public long reallocations() {
        return reallocations;
    }

    /** Returns the name of the allocation policy in use. */
    public String policy() {
        return policy.name();
    }

    /** Returns tenant {@code id}'s target allocation in pages, as last computed. */
    public long targetPages(int id) {
        return targets[id];
    }

    /** Returns tenant {@code id}'s balloon driver. */
    public BalloonDriver driver(int id) {
        return drivers[id];
    }

    /** Returns tenant {@code id}'s working-set estimator. */
    public WorkingSetEstimator workingSet(int id) {
        return estimators[id];
    }

    /** Returns every tenant's figures now, in tenant id order. */
    public List<TenantBalloonMetrics> metrics() {
        List<TenantBalloonMetrics> out = new ArrayList<>();
        for (Tenant tenant : host.tenants()) {
            int id = tenant.id();
            BalloonDriver d = drivers[id];
            WorkingSetEstimator ws = estimators[id];
            out.add(new TenantBalloonMetrics(tenant.name(), targets[id], d.size(), d.target(), tenant.table().residentPages(),
                    ws.activeFraction(), ws.activePages(), d.pagesInflated(), d.pagesDeflated(), d.refusals(),
                    d.pressureRequests(), d.bytesReleased(), tenant.descheduledNanos()));
        }
        return out;
    }

    // ---- periodic work ----

    private void beginSampling() {
        for (WorkingSetEstimator estimator : estimators) {
            estimator.beginPeriod();
        }
        host.simulation().schedule(config.samplingNanos(), this::endSampling);
    }

    private void endSampling() {
        if (stopped) {
            return;
        }
        for (WorkingSetEstimator estimator : estimators) {
            estimator.endPeriod();
        }
        beginSampling();
    }

    private void reallocate() {
        if (stopped) {
            return;
        }
        HostMemory memory = host.memory();
        List<TenantDemand> demands = new ArrayList<>();
        for (TenantSettings s : settings) {
            long upper = s.maxPages();
            long lower = Math.min(upper, Math.max(s.minPages(), host.tenant(s.id()).table().pinnedPages()));
            demands.add(new TenantDemand(s.id(), s.shares(), lower, upper, s.targetPages(),
                    estimators[s.id()].activeFraction(), s.guestPages()));
        }
        long keepFree = (long) Math.ceil(config.thresholds().high() * memory.totalFrames());
        long[] computed = policy.targets(demands, memory.totalFrames() - keepFree);
        System.arraycopy(computed, 0, targets, 0, targets.length);
        reallocations++;
        applyTargets();
        host.simulation().schedule(config.reallocationNanos(), this::reallocate);
    }

    private void checkState() {
        if (stopped) {
            return;
        }
        HostMemory memory = host.memory();
        MemoryState next = MemoryState.next(state, memory.freeFrames(), memory.totalFrames(), config.thresholds());
        if (next != state) {
            state = next;
            stateChanges++;
        }
        applyTargets();
        if (state.blocks()) {
            for (Tenant tenant : host.tenants()) {
                if (tenant.table().residentPages() > targets[tenant.id()]) {
                    tenant.deschedule(config.stateCheckNanos());
                }
            }
        }
        host.simulation().schedule(config.stateCheckNanos(), this::checkState);
    }

    /** Gives every balloon its target size for the current state and targets. */
    private void applyTargets() {
        for (TenantSettings s : settings) {
            BalloonDriver driver = drivers[s.id()];
            int desired = (int) (s.guestPages() - targets[s.id()]);
            int atLeast = s.guestPages() - s.maxPages();
            int balloon = state.inflates() ? desired : Math.max(atLeast, Math.min(driver.size(), desired));
            driver.setTarget(balloon);
        }
    }
}
