package org.overbook.hypervisor;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.Units;
import org.overbook.hypervisor.guest.TenantGuest;
import org.overbook.hypervisor.guest.TenantMemory;
import org.overbook.hypervisor.memory.FaultCharges;
import org.overbook.hypervisor.memory.HostMemory;
import org.overbook.hypervisor.memory.SwapIo;
import org.overbook.hypervisor.sim.PhysicalCpus;
import org.overbook.hypervisor.swap.SwapDevice;
import org.overbook.hypervisor.sim.Simulation;
import org.overbook.hypervisor.sim.Vcpu;
import org.overbook.hypervisor.swap.SwapStore;

/**
 * A host with overcommitted guest memory: one simulation, its memory and swap, and its tenants.
 *
 * <p>Created from a validated {@link HostConfig}: every configuration error is found before a byte
 * is allocated, and a host larger than this machine can hold is refused up front rather than failing
 * with an {@link OutOfMemoryError} halfway through a run; so is swap whose files the swap file's file
 * system could not hold at their largest. The swap store takes disk for what is swapped, not for what is
 * configured. Closing the host frees its frames and removes its swap files (unless kept).
 */
public final class Host implements AutoCloseable {

    private static final String SWAP_FILE = "swap.cmap";

    private final HostConfig config;
    private final Simulation simulation;
    private final HostMemory memory;
    private final List<Tenant> tenants;
    private final SwapStore swap;

    private Host(HostConfig config, Simulation simulation, HostMemory memory, List<Tenant> tenants, SwapStore swap) {
        this.config = config;
        this.simulation = simulation;
        this.memory = memory;
        this.tenants = tenants;
        this.swap = swap;
    }

    /**
     * Validates {@code config} and builds the host, its swap store and its tenants (no workloads yet).
     *
     * @throws ConfigurationException naming the field at fault
     */
    public static Host create(HostConfig config) {
        return create(config, new Simulation(config.seed()));
    }

    /**
     * Builds the host inside an existing simulation, so that several hosts (a testbed's server and
     * client) share one clock; the simulation's seed wins over {@code config.seed()}.
     *
     * @throws ConfigurationException naming the field at fault
     */
    public static Host create(HostConfig config, Simulation simulation) {
        config.validate();
        requireFitsThisMachine(config.memoryBytes());
        requireDiskForSwap(config);
        int frames = Math.toIntExact(config.frames());
        int low = Math.max(1, (int) Math.round(frames * config.reclaimLow()));
        int high = Math.min(frames, Math.max(low + 1, (int) Math.round(frames * config.reclaimHigh())));
        int[] guestPages = config.tenants().stream().mapToInt(t -> Math.toIntExact(t.memoryBytes() / GuestMemory.PAGE_SIZE)).toArray();

        int min = Math.min(low, (int) Math.round(frames * config.resources().reclaimMin()));
        HostResources resources = config.resources();
        PhysicalCpus cpus = resources.cpus() == 0 ? PhysicalCpus.unlimited(simulation)
                : new PhysicalCpus(simulation, resources.cpus(), resources.cpuSliceNanos());
        SwapIo io = new SwapIo(simulation, cpus, new SwapDevice(resources.swapDevice()), resources);

        SwapStore swap = SwapStore.create(config.directory().resolve(SWAP_FILE),
                config.swapBytes() / GuestMemory.PAGE_SIZE, config.swapLimitPages(), config.keepSwap());
        HostMemory memory;
        try {
            memory = new HostMemory(frames, guestPages, min, low, high, swap, io, simulation.random());
        } catch (RuntimeException e) {
            swap.close();
            throw e;
        }
        FaultCharges faults = new FaultCharges(memory, config.costs(), resources);
        List<Tenant> tenants = new ArrayList<>();
        for (int id = 0; id < guestPages.length; id++) {
            TenantConfig tenantConfig = config.tenants().get(id);
            Vcpu vcpu = new Vcpu(simulation, cpus, resources.asyncPageFaults());
            TenantMemory tenantMemory = new TenantMemory(tenantConfig.name(), memory, memory.table(id), vcpu, faults);
            TenantGuest guest = new TenantGuest(tenantConfig.name(), tenantMemory, vcpu, simulation.random());
            tenants.add(new Tenant(id, tenantConfig, vcpu, tenantMemory, guest, faults));
        }
        return new Host(config, simulation, memory, Collections.unmodifiableList(tenants), swap);
    }

    public HostConfig config() {
        return config;
    }

    public Simulation simulation() {
        return simulation;
    }

    /** Returns the host's memory, for the modules its package is exported to (nic, balloon, perf). */
    @SuppressWarnings("exports")
    public HostMemory memory() {
        return memory;
    }

    /** Returns the host's physical CPUs. */
    public PhysicalCpus cpus() {
        return memory.io().cpus();
    }

    /** Returns the host's swap device, for the modules its package is exported to (balloon, perf). */
    @SuppressWarnings("exports")
    public SwapDevice swapDevice() {
        return memory.io().device();
    }

    /** Returns the tenants in id order. */
    public List<Tenant> tenants() {
        return tenants;
    }

    public Tenant tenant(int id) {
        return tenants.get(id);
    }

    /** Returns the tenant called {@code name}. */
    public Tenant tenant(String name) {
        for (Tenant tenant : tenants) {
            if (tenant.name().equals(name)) {
                return tenant;
            }
        }
        throw new IllegalArgumentException("no tenant called '" + name + "'");
    }

    /**
     * Returns where each guest page lives: for each tenant, the frame of each page or -1. Two runs of
     * one scenario and seed give identical placements.
     */
    public int[][] placement() {
        int[][] placement = new int[tenants.size()][];
        for (Tenant tenant : tenants) {
            int[] frames = new int[tenant.table().pages()];
            for (int page = 0; page < frames.length; page++) {
                frames[page] = tenant.table().frame(page);
            }
            placement[tenant.id()] = frames;
        }
        return placement;
    }

    /**
     * Returns the bytes the swap store's files take on disk: what has been swapped, rounded up to the store's
     * extents, never what is configured. The store only grows until closed, so this is also its peak.
     */
    public long swapBytesOnDisk() {
        return swap.bytesOnDisk();
    }

    @Override
    public void close() {
        memory.close();
    }

    private static void requireDiskForSwap(HostConfig config) {
        long need = config.maxSwapBytesOnDisk();
        long free = SwapStore.usableSpace(config.directory());
        if (need > free) {
            throw new ConfigurationException("host.swap", Units.bytes(config.swapBytes()) + " of swap, of which the tenants can fill "
                    + Units.bytes(config.swapLimitPages() * GuestMemory.PAGE_SIZE) + ", may take up to " + (need >> 20)
                    + " MiB of disk, but the file system of its swap file (" + config.directory() + ") has " + (free >> 20)
                    + " MiB free; lower host.swap or the tenants' memory (swap holds what they do not fit in RAM), or give the"
                    + " swap file a larger file system");
        }
    }

    private static void requireFitsThisMachine(long hostBytes) {
        long physical = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getTotalMemorySize();
        long heap = Runtime.getRuntime().maxMemory();
        long available = physical - heap;
        if (hostBytes > available) {
            throw new ConfigurationException("host.memory", Units.bytes(hostBytes)
                    + " is more than this machine can hold: its " + (physical >> 20) + " MiB of RAM less the "
                    + (heap >> 20) + " MiB reserved for the JVM heap leave " + (available >> 20)
                    + " MiB for host frames; lower host.memory (or overcommit more)");
        }
    }
}
