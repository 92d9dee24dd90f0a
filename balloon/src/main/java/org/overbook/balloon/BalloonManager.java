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
 * [2] moves toward at the cost model's rate. In HIGH nothing is reclaimed (balloons may deflate, never
 * inflate); in SOFT balloons inflate. In HARD "the system uses paging to forcibly reclaim memory" [1,
 * §6.3]: the manager pages out tenants whose resident pages exceed their target, each at most its excess
 * ({@link HostMemory#swapOut}: untouched pages first, leaving the accessed bits to the working-set
 * sampler). It cannot leave this to the host's watermark reclaim, which runs only when a fault needs a
 * frame and stops at the host's high watermark, possibly short of what the state needs to rise. In LOW
 * "the system continues to reclaim memory via paging, and additionally blocks the execution of all VMs
 * that are above their target allocations" [1, §6.3]: after paging, each tenant still above its target
 * is descheduled ({@link Tenant#deschedule(long)}) until the next state check, so it allocates nothing
 * meanwhile; paging goes on without it, and once down to its target it runs again. Blocking alone would
 * livelock: the tenant's balloon driver runs on its own vCPU and could not inflate.
 *
 * <p>Paging is paced by the swap device: one state check pages out, in all, at most
 * {@code stateCheckNanos} over the device's write service time (what its write IOPS allow: 3,800 pages
 * per 100 ms check on the default NVMe device), shared among the tenants above target in proportion to
 * their excess (a {@code ram} device lifts the limit). Their writes are booked on the device like
 * kswapd's, so the swap-ins of everyone else queue behind them. The writes cost nobody's vCPU time.
 * Whatever the state, a
 * balloon always holds at least the memory above its tenant's limit, and never more than the memory
 * above its reservation; a tenant's pinned pages count toward the least it can be given, since no
 * balloon or swap can take them.
 *
 * <p>Left out: content-based page sharing and hot I/O page remapping [1, §4, §7]; ESX's random choice of
 * victim pages within a VM [1, §3.3] (untouched pages first, then address order, here); pacing of the
 * host's own watermark reclaim, which shares no budget with the manager's paging; memory compression
 * (later ESX).
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
    /** The tenants' names in the scenario, in the order of {@link #settings}: a policy's wrong target names its tenant. */
    private final List<String> names;
    private final BalloonDriver[] drivers;
    private final WorkingSetEstimator[] estimators;
    private final long[] targets;
    private final long swapPagesPerCheck;
    private MemoryState state = MemoryState.HIGH;
    private long pagesSwappedOut;
    private long stateChanges;
    private long reallocations;
    private boolean stopped;

    private BalloonManager(Host host, BalloonConfig config, List<TenantSettings> settings, AllocationPolicies policies) {
        this.host = host;
        this.config = config;
        this.settings = settings;
        this.names = settings.stream().map(TenantSettings::name).toList();
        this.policy = policies.create("balloon.policy", config.policy(), config.idleTax(),
                host.simulation().random().stream(AllocationPolicies.STREAM));
        int n = host.tenants().size();
        this.drivers = new BalloonDriver[n];
        this.estimators = new WorkingSetEstimator[n];
        this.targets = new long[n];
        long pageWrite = host.swapDevice().config().writeServiceNanos();
        this.swapPagesPerCheck = pageWrite == 0 ? Long.MAX_VALUE : Math.max(1, config.stateCheckNanos() / pageWrite);
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
        return start(host, config, AllocationPolicies.builtIn());
    }

    /**
     * As {@link #start(Host, BalloonConfig)}, the policy named in {@code policies} (the built-ins and plug-ins).
     *
     * @throws org.overbook.guest.ConfigurationException naming the field at fault
     */
    public static BalloonManager start(Host host, BalloonConfig config, AllocationPolicies policies) {
        BalloonManager manager = new BalloonManager(host, config, config.resolve(host.config(), policies), policies);
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

    /** Returns the pages the manager has paged out of tenants above their target, in all. */
    public long pagesSwappedOut() {
        return pagesSwappedOut;
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
        long[] computed = CheckedTargets.of(policy, demands, names, policy.targets(demands, memory.totalFrames() - keepFree));
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
        if (state.pages()) {
            swapOutAboveTarget();
        }
        if (state.blocks()) {
            for (Tenant tenant : host.tenants()) {
                if (tenant.table().residentPages() > targets[tenant.id()]) {
                    tenant.deschedule(config.stateCheckNanos());
                }
            }
        }
        host.simulation().schedule(config.stateCheckNanos(), this::checkState);
    }

    /**
     * Pages out the tenants above their target: each at most its excess, together at most one check's
     * worth of swap writes, shared in proportion to the excess (what rounding leaves goes in tenant order).
     */
    private void swapOutAboveTarget() {
        long[] excess = new long[targets.length];
        long totalExcess = 0;
        for (Tenant tenant : host.tenants()) {
            excess[tenant.id()] = Math.max(0, tenant.table().residentPages() - targets[tenant.id()]);
            totalExcess += excess[tenant.id()];
        }
        if (totalExcess == 0) {
            return;
        }
        long budget = Math.min(totalExcess, swapPagesPerCheck);
        long[] share = new long[targets.length];
        long left = budget;
        for (int id = 0; id < share.length; id++) {
            share[id] = budget * excess[id] / totalExcess; // both below the host's frame count: no overflow
            left -= share[id];
        }
        for (int id = 0; id < share.length && left > 0; id++) {
            long more = Math.min(left, excess[id] - share[id]);
            share[id] += more;
            left -= more;
        }
        for (Tenant tenant : host.tenants()) {
            if (share[tenant.id()] > 0) {
                pagesSwappedOut += host.memory().swapOut(tenant.table(), (int) share[tenant.id()]);
            }
        }
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
