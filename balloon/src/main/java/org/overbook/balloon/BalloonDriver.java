package org.overbook.balloon;

import java.util.Arrays;
import org.overbook.guest.GuestMemory;
import org.overbook.hypervisor.CostModel;
import org.overbook.hypervisor.Tenant;
import org.overbook.hypervisor.memory.HostMemory;
import org.overbook.hypervisor.memory.SecondLevelTable;

/**
 * The balloon driver inside one guest (Waldspurger, OSDI 2002, §3.2; Linux's vmw_balloon and
 * virtio_balloon): the host sets a target size, and the driver inflates toward it by taking pages from
 * the guest allocator and handing them to the host, which frees their frames without swap I/O, or
 * deflates by giving pages back.
 *
 * <p>The driver runs on the guest's vCPU, in batches of {@value #BATCH_PAGES} pages (virtio-balloon's
 * {@code VIRTIO_BALLOON_ARRAY_PFNS_MAX}), one batch per {@code batch / rate} of virtual time at the cost
 * model's {@link CostModel#balloonPagesPerSecond() balloon rate}. Before each inflating batch that the
 * guest's free pages cannot cover, the driver asks the guest's workloads, through their memory-pressure
 * callbacks, to give back the difference (a cache drops its coldest items), and only then takes pages:
 * the guest decides what to give up. Memory a workload registered for DMA is allocated, so the
 * allocator never hands it out; a free page that is still pinned or locked (a registration outliving
 * its buffer, the NIC's {@code pin-all} policy) is refused and handed back to the allocator after the
 * batch, and after {@value #MAX_REFUSED} refusals the batch ends (vmw_balloon's
 * {@code VMW_BALLOON_MAX_REFUSED}). A batch that moves nothing stops the
 * driver until the host sets a target again. Deflating returns the most recently ballooned pages first;
 * they come back never-touched, reading as zeros.
 *
 * <p>The driver's own guest CPU time is not charged: the pacing stands for the host's side of the
 * protocol.
 */
public final class BalloonDriver {

    /** Pages moved per batch: virtio-balloon's {@code VIRTIO_BALLOON_ARRAY_PFNS_MAX}. */
    public static final int BATCH_PAGES = 256;
    /** Pinned or locked pages refused in one batch before it gives up: vmw_balloon's limit. */
    public static final int MAX_REFUSED = 16;

    private final Tenant tenant;
    private final HostMemory memory;
    private final SecondLevelTable table;
    private final CostModel costs;
    private final Runnable step = this::step;
    private final int[] refused = new int[MAX_REFUSED];
    private int[] pages = new int[BATCH_PAGES];
    private int size;
    private int target;
    private boolean running;
    private long inflated;
    private long deflated;
    private long refusals;
    private long pressureRequests;
    private long bytesReleased;

    BalloonDriver(Tenant tenant, HostMemory memory, CostModel costs) {
        this.tenant = tenant;
        this.memory = memory;
        this.table = tenant.table();
        this.costs = costs;
    }

    /** Returns the tenant this driver runs in. */
    public Tenant tenant() {
        return tenant;
    }

    /** Sets the balloon's target size in pages (clamped to the guest's pages) and starts moving toward it. */
    public void setTarget(int pages) {
        target = Math.clamp(pages, 0, table.pages());
        if (!running && size != target) {
            running = true;
            tenant.vcpu().submit(step);
        }
    }

    /** Returns the target size in pages. */
    public int target() {
        return target;
    }

    /** Returns the pages the balloon holds now. */
    public int size() {
        return size;
    }

    /** Returns whether the driver is moving toward its target. */
    public boolean running() {
        return running;
    }

    /** Returns pages ballooned, in all. */
    public long pagesInflated() {
        return inflated;
    }

    /** Returns pages given back, in all. */
    public long pagesDeflated() {
        return deflated;
    }

    /** Returns free pages refused because they were pinned or locked. */
    public long refusals() {
        return refusals;
    }

    /** Returns how often the driver asked the guest's workloads for memory. */
    public long pressureRequests() {
        return pressureRequests;
    }

    /** Returns the bytes the guest's workloads gave back when asked. */
    public long bytesReleased() {
        return bytesReleased;
    }

    private void step() {
        int moved = size < target ? inflate(Math.min(BATCH_PAGES, target - size))
                : size > target ? deflate(Math.min(BATCH_PAGES, size - target)) : 0;
        if (moved > 0 && size != target) {
            tenant.vcpu().schedule(costs.balloonNanos(moved), step);
        } else {
            running = false;
        }
    }

    private int inflate(int want) {
        long free = tenant.memory().freeBytes() / GuestMemory.PAGE_SIZE;
        if (want > free) {
            pressureRequests++;
            bytesReleased += tenant.relieveMemoryPressure((want - free) * GuestMemory.PAGE_SIZE);
        }
        int moved = 0;
        int refusedNow = 0;
        while (moved < want && refusedNow < MAX_REFUSED) {
            int page = tenant.takeFreePage();
            if (page < 0) {
                break;
            }
            if (table.pinCount(page) > 0 || table.lockCount(page) > 0) {
                refused[refusedNow++] = page;
                continue;
            }
            memory.balloon(table, page);
            push(page);
            moved++;
        }
        for (int i = 0; i < refusedNow; i++) {
            tenant.returnPage(refused[i]);
        }
        refusals += refusedNow;
        inflated += moved;
        return moved;
    }

    private int deflate(int give) {
        for (int i = 0; i < give; i++) {
            int page = pages[--size];
            memory.deflate(table, page);
            tenant.returnPage(page);
        }
        deflated += give;
        return give;
    }

    private void push(int page) {
        if (size == pages.length) {
            pages = Arrays.copyOf(pages, pages.length * 2);
        }
        pages[size++] = page;
    }
}
