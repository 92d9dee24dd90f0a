package org.overbook.nic.vf;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.eclipse.collections.impl.map.mutable.primitive.IntObjectHashMap;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.verbs.Access;
import org.overbook.guest.verbs.CompletionQueue;
import org.overbook.guest.verbs.EventCounter;
import org.overbook.guest.verbs.MemoryRegion;
import org.overbook.guest.verbs.QueuePair;
import org.overbook.guest.verbs.QueuePairConfig;
import org.overbook.guest.verbs.TranslationListener;
import org.overbook.guest.verbs.Verbs;
import org.overbook.guest.verbs.VerbsException;
import org.overbook.hypervisor.Tenant;
import org.overbook.hypervisor.memory.FaultKind;
import org.overbook.hypervisor.sim.Simulation;
import org.overbook.hypervisor.sim.Vcpu;
import org.overbook.nic.NicConfig;
import org.overbook.nic.NicCosts;
import org.overbook.nic.VfCounters;
import org.overbook.nic.dma.FaultServicePool;
import org.overbook.nic.dma.MappingWork;
import org.overbook.nic.dma.Translator;
import org.overbook.nic.link.Link;
import org.overbook.nic.pin.PinDownCache;
import org.overbook.nic.policy.MemoryPolicy;
import org.overbook.nic.policy.PinningContext;
import org.overbook.nic.policy.ReceiveFaultPolicy;
import org.overbook.nic.transport.RnrTimer;

/**
 * A virtual function assigned to one tenant: the {@link Verbs} its workload uses.
 *
 * <p>Registration goes through the VF's memory policy, and through a bounded pin-down cache in the
 * tenant's library when the policy keeps one (Tezuka et al., "Pin-down cache", IPPS 1998). Pinning and prefetching
 * are the tenant's CPU work, on its vCPU: a pin costs {@link NicCosts#pinPageNanos()} a page plus the host fault it
 * takes without a trap (a page never touched: {@code costs.populate-page}); a prefetch, a system call, costs what a
 * software-path network page fault on the same pages costs the fault service ({@link MappingWork}). Network page
 * faults, by contrast, are resolved by the host's driver in the background, by the NIC's bounded pool of
 * fault-service workers, and stall only the queue that took them.
 */
public final class VirtualFunction implements Verbs, PinningContext {

    private final int number;
    private final Tenant tenant;
    private final NicConfig config;
    private final Simulation simulation;
    private final Translator translator;
    /** The guest's size, held here for the check of every post (the translator's page table is cold with many tenants). */
    private final long guestBytes;
    private final NicCosts costs;
    private final MemoryPolicy memoryPolicy;
    private final ReceiveFaultPolicy receiveFaultPolicy;
    private final boolean reliable;
    private final boolean stagesWithCredits;
    private final StagingArea staging;
    private final VfCounters counters;
    private final RegionTable regions;
    private final RegistrationCache registrationCache;
    private final ReceiveFaultResolver receiveFaults;
    private final FaultServicePool faultService;
    private final VcpuPrefetch prefetcher;
    private final PinningContext forReading = new ReadAdvice(this);
    private final Upcalls upcalls;
    private final IntObjectHashMap<EventCounterImpl> eventCounters = new IntObjectHashMap<>();
    private final List<CompletionQueueImpl> completionQueues = new ArrayList<>();
    private final List<QueuePairImpl> queuePairs = new ArrayList<>(); // not disconnected: a deregistration tells each
    private int queuePairsMade; // disconnected or not: numbers are never reused
    private Connector connector;

    /** Where {@link #listen} and {@link #connect} find the other side. */
    public interface Connector {
        void listen(VirtualFunction vf, String service, QueuePairConfig config, Consumer<QueuePair> onConnection);

        QueuePair connect(VirtualFunction vf, String tenant, String service, QueuePairConfig config);
    }

    public VirtualFunction(Tenant tenant, Simulation simulation, Translator translator, NicConfig config,
                           MemoryPolicy memoryPolicy, ReceiveFaultPolicy receiveFaultPolicy, VfCounters counters,
                           FaultServicePool faultService, MappingWork prefetchWork, TranslationWatches translationWatches) {
        this.number = tenant.id();
        this.tenant = tenant;
        this.config = config;
        this.simulation = simulation;
        this.translator = translator;
        this.guestBytes = (long) translator.pages() * GuestMemory.PAGE_SIZE;
        this.costs = config.costs();
        this.memoryPolicy = memoryPolicy;
        this.receiveFaultPolicy = receiveFaultPolicy;
        this.reliable = config.reliable();
        this.stagesWithCredits = receiveFaultPolicy.creditsPerQueuePair();
        this.staging = new StagingArea(stagesWithCredits ? 0 : config.receive().backupRingSlots());
        this.counters = counters;
        this.regions = new RegionTable(number);
        this.faultService = faultService;
        this.prefetcher = new VcpuPrefetch(tenant, translator, prefetchWork, counters);
        this.receiveFaults = new ReceiveFaultResolver(simulation, translator, counters, faultService,
                config.receive().prefetchWindowBytes());
        this.upcalls = new Upcalls(number, translationWatches, simulation, tenant.vcpu(), costs.upcallNanos(), counters);
        this.registrationCache = memoryPolicy.cachesRegistrations() ? new RegistrationCache(config.pinning().pinDownCacheBytes(),
                config.pinning().pinDownCacheRegions(), region -> release(region, "pin-down cache eviction"), counters) : null;
    }

    /** Attaches the VF to its tenant and applies the policy's attach step (pin-all pins everything here). */
    public void attach(Connector connector) {
        this.connector = connector;
        tenant.attach(this);
        memoryPolicy.attach(this);
    }

    public int number() {
        return number;
    }

    public Tenant tenant() {
        return tenant;
    }

    public VfCounters counters() {
        return counters;
    }

    public Translator translator() {
        return translator;
    }

    public MemoryPolicy memoryPolicy() {
        return memoryPolicy;
    }

    public boolean reliable() {
        return reliable;
    }

    /** Returns the pin-down cache, or null if the memory policy keeps none. */
    public PinDownCache pinDownCache() {
        return registrationCache == null ? null : registrationCache.cache();
    }

    Simulation simulation() {
        return simulation;
    }

    Vcpu vcpu() {
        return tenant.vcpu();
    }

    NicCosts costs() {
        return costs;
    }

    /** Returns the NIC's fault-service workers, shared by its VFs. */
    FaultServicePool faultService() {
        return faultService;
    }

    ReceiveFaultPolicy receiveFaultPolicy() {
        return receiveFaultPolicy;
    }

    MemoryRegion regionByLkey(int lkey) {
        return regions.byLkey(lkey);
    }

    MemoryRegion regionByRkey(int rkey) {
        return regions.byRkey(rkey);
    }

    // ---- verbs ----

    @Override
    public MemoryRegion register(long address, long length, int access) {
        String call = "register(tenant " + tenant.name() + ")";
        if (!Access.valid(access)) {
            throw new VerbsException(call, "unknown access flags 0x" + Integer.toHexString(access));
        }
        if (length <= 0 || address < 0 || address > guestBytes() - length) {
            throw new VerbsException(call, "[" + address + ", " + (address + length) + ") is not a range of the guest's "
                    + guestBytes() + " bytes");
        }
        if (registrationCache != null && (access & Access.ON_DEMAND) == 0) {
            return registrationCache.register(address, length, access, merged -> registerForReal(address, length, merged));
        }
        return registerForReal(address, length, access);
    }

    private MemoryRegion registerForReal(long address, long length, int access) {
        vcpu().charge(costs.registerNanos());
        counters.countRegistration();
        MemoryRegion region = regions.add(address, length, access);
        memoryPolicy.register(ReadAdvice.nicWrites(access) ? this : forReading, address, length,
                (access & Access.ON_DEMAND) != 0);
        return region;
    }

    @Override
    public MemoryRegion register(long address, long length, int access, TranslationListener listener) {
        if (listener == null) {
            throw new VerbsException("register(tenant " + tenant.name() + ")", "the translation listener is null");
        }
        MemoryRegion region = register(address, length, access);
        upcalls.watch(region, listener);
        return region;
    }

    @Override
    public void deregister(MemoryRegion region) {
        if (registrationCache == null || !registrationCache.deregister(region)) { // a cached one stays pinned until evicted
            release(region, "deregister(tenant " + tenant.name() + ")");
        }
    }

    private void release(MemoryRegion region, String call) {
        upcalls.unwatch(region);
        if (!regions.remove(region)) {
            throw new VerbsException(call, "lkey 0x" + Integer.toHexString(region.lkey()) + " is not registered with this VF");
        }
        for (QueuePairImpl qp : queuePairs) {
            qp.requester.forgetRegion();
            qp.responder.forgetRegion();
        }
        vcpu().charge(costs.registerNanos());
        memoryPolicy.deregister(this, region.address(), region.length(), (region.access() & Access.ON_DEMAND) != 0);
    }

    @Override
    public void advise(MemoryRegion region, long address, long length) {
        if (regions.byLkey(region.lkey()) == null || !region.covers(address, length)) {
            throw new VerbsException("advise(tenant " + tenant.name() + ")", "[" + address + ", " + (address + length)
                    + ") is not within a region registered with this VF");
        }
        prefetch(address, length, ReadAdvice.nicWrites(region.access()));
    }

    @Override
    public CompletionQueue createCompletionQueue(int capacity) {
        CompletionQueueImpl.requirePowerOfTwo("create_cq(tenant " + tenant.name() + ")", "capacity", capacity);
        CompletionQueueImpl queue = new CompletionQueueImpl(this, simulation, vcpu(), costs.interruptNanos(), capacity);
        completionQueues.add(queue);
        return queue;
    }

    @Override
    public EventCounter eventCounter(int id) {
        if (id < 0) {
            throw new VerbsException("event_counter(tenant " + tenant.name() + ")", "counter id " + id + " is negative");
        }
        return eventCounters.getIfAbsentPut(id, () -> new EventCounterImpl(simulation, vcpu(), costs, tenant.name(), id));
    }

    /** Applies one notification to counter {@code id} (in the sender's order). */
    void incrementCounter(int id) {
        ((EventCounterImpl) eventCounter(id)).increment();
    }

    @Override
    public void listen(String service, QueuePairConfig config, Consumer<QueuePair> onConnection) {
        check("listen", config);
        connector.listen(this, service, config, onConnection);
    }

    @Override
    public QueuePair connect(String tenantName, String service, QueuePairConfig config) {
        check("connect", config);
        return connector.connect(this, tenantName, service, config);
    }

    /**
     * Joins a new queue pair of this VF to a new one of {@code remote} across the link: {@code out}
     * carries this side's packets, {@code back} the remote's. The remote's {@code onAccepted} runs on
     * its vCPU. Returns this side's queue pair.
     */
    public QueuePair join(VirtualFunction remote, QueuePairConfig mine, QueuePairConfig theirs,
                          Link.Direction out, Link.Direction back, Consumer<QueuePair> onAccepted) {
        QueuePairImpl local = newQueuePair(mine);
        QueuePairImpl accepted = remote.newQueuePair(theirs);
        local.connect(accepted, out);
        accepted.connect(local, back);
        int credits = remote.creditsForPeer();
        if (credits > 0) {
            remote.staging.grow(credits);
            local.requester.grantCredits(credits);
        }
        credits = creditsForPeer();
        if (credits > 0) {
            staging.grow(credits);
            accepted.requester.grantCredits(credits);
        }
        remote.vcpu().submit(() -> onAccepted.accept(accepted));
        return local;
    }

    private QueuePairImpl newQueuePair(QueuePairConfig config) {
        QueuePairImpl qp = new QueuePairImpl(this, config, (number << 16) | queuePairsMade++, reliable);
        queuePairs.add(qp);
        return qp;
    }

    /** {@code qp} is disconnected: its workload is done with it (its traffic still counts in the VF's). */
    void disconnected(QueuePairImpl qp) {
        queuePairs.remove(qp);
    }

    private void check(String call, QueuePairConfig config) {
        String where = call + "(tenant " + tenant.name() + ")";
        CompletionQueueImpl.requirePowerOfTwo(where, "send ring", config.sendRing());
        CompletionQueueImpl.requirePowerOfTwo(where, "receive ring", config.receiveRing());
        for (CompletionQueue queue : List.of(config.sendCompletions(), config.receiveCompletions())) {
            if (!(queue instanceof CompletionQueueImpl impl) || impl.owner() != this) {
                throw new VerbsException(where, "a completion queue of another virtual function (or none) was given");
            }
        }
        RnrTimer.checkRetry(config.rnrRetry());
        RnrTimer.delayNanos(config.rnrTimerCode());
    }

    // ---- pinning, prefetching, background faults ----

    @Override
    public long guestBytes() {
        return guestBytes;
    }

    @Override
    public void pin(long address, long length) {
        Pages.requireInside("pin", tenant.name(), address, length, guestBytes());
        for (int page = Pages.first(address); page <= Pages.last(address, length); page++) {
            FaultKind kind = translator.pin(page);
            vcpu().charge(costs.pinPageNanos());
            tenant.chargeFaultWithoutTrap(kind);
        }
    }

    @Override
    public void unpin(long address, long length) {
        Pages.requireInside("unpin", tenant.name(), address, length, guestBytes());
        for (int page = Pages.first(address); page <= Pages.last(address, length); page++) {
            translator.unpin(page);
        }
    }

    /** Prefetches for writing (a policy gets {@link ReadAdvice} where the NIC only reads); see {@link VcpuPrefetch}. */
    @Override
    public void prefetch(long address, long length) {
        prefetch(address, length, /* forWrite= */ true);
    }

    /** Prefetches the range's pages the NIC page table lacks, for writing or only for reading (ibv_advise_mr's advice). */
    void prefetch(long address, long length, boolean forWrite) {
        Pages.requireInside("prefetch", tenant.name(), address, length, guestBytes());
        prefetcher.prefetch(Pages.first(address), Pages.last(address, length), forWrite);
    }

    /** A work request is posted whose local buffer the NIC writes (a receive) or only reads (a send, an RDMA write). */
    void beforePost(long address, int length, boolean nicWrites) {
        if (length > 0 && Pages.inside(address, length, guestBytes())) {
            memoryPolicy.beforePost(nicWrites ? this : forReading, address, length);
        }
    }

    /** Resolves a receive-side fault in the background; see {@link ReceiveFaultResolver}. */
    void resolveReceiveFault(int[] missing, long regionEnd, long time, Runnable then) {
        receiveFaults.resolve(missing, regionEnd, time, then);
    }

    /** Returns the system-buffer credits a queue pair connecting to this VF gets, or 0 if this VF takes no credits. */
    int creditsForPeer() {
        return stagesWithCredits ? config.receive().systemBufferCredits() : 0;
    }

    /** Returns the VF's staging area: its backup ring, or its system buffer. */
    public StagingArea stagingArea() {
        return staging;
    }

    /** Returns the bytes of the tenant's memory pinned now (by its memory policy or the pin-down cache). */
    public long pinnedBytes() {
        return (long) tenant.table().pinnedPages() * GuestMemory.PAGE_SIZE;
    }

    /** Returns how many completions were lost to full completion queues. */
    public long completionOverruns() {
        return completionQueues.stream().mapToLong(CompletionQueueImpl::overruns).sum();
    }
}
