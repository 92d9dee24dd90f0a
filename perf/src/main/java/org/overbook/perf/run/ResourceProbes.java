package org.overbook.perf.run;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.overbook.hypervisor.Host;
import org.overbook.hypervisor.memory.SwapIo;
import org.overbook.hypervisor.sim.PhysicalCpus;
import org.overbook.hypervisor.swap.SwapDevice;
import org.overbook.hypervisor.resource.ResourceSnapshot;
import org.overbook.nic.Nic;
import org.overbook.nic.Testbed;
import org.overbook.nic.dma.FaultServicePool;
import org.overbook.nic.dma.PcieLink;

/**
 * The contended resources of a testbed, in report order: for the server host then the client host, its
 * physical CPUs, the kernel's swap path (its host-wide page ceiling), kswapd (one reclaim thread: its CPU
 * time over the window's time) and its swap device's read and write bottlenecks (each at its own IOPS; a
 * disk's one arm, which serves both, as one resource); then
 * its NIC's fault-service workers (a pool read as a whole) and each direction of its PCIe link. A host with unlimited CPUs has no CPU queue and an
 * in-memory ({@code ram}) swap device no device queue, so neither is watched. A new resource is one more
 * probe here.
 */
final class ResourceProbes {

    private ResourceProbes() {
    }

    /** Returns the probes of {@code testbed}'s contended resources, in report order. */
    static List<ResourceProbe> of(Testbed testbed) {
        List<ResourceProbe> probes = new ArrayList<>();
        host(probes, "server", testbed.server());
        nic(probes, "server", testbed.serverNic());
        host(probes, "client", testbed.client());
        nic(probes, "client", testbed.clientNic());
        return probes;
    }

    /** The NIC's fault-service workers and each direction of its PCIe link (which keep no waits of their own). */
    private static void nic(List<ResourceProbe> probes, String name, Nic nic) {
        FaultServicePool pool = nic.faultService();
        probes.add(new ResourceProbe(name + "_fault_service", name + " NIC fault service", () -> new ResourceSnapshot(
                "fault-service", pool.workers(), pool.busyNanos(), pool.jobs(), pool.waitNanos(), pool.waitHistogram()),
                null, List.of()));
        pcie(probes, name + "_pcie_read", name + " PCIe host-to-NIC", nic.pcie().hostToNic());
        pcie(probes, name + "_pcie_write", name + " PCIe NIC-to-host", nic.pcie().nicToHost());
    }

    private static void pcie(List<ResourceProbe> probes, String key, String label, PcieLink.Direction direction) {
        Histogram noWaits = ResourceSnapshot.empty(label, 1).waits(); // never written: snapshots only share it
        probes.add(new ResourceProbe(key, label, () -> new ResourceSnapshot(label, 1, direction.busyNanos(), 0, 0,
                noWaits), null, List.of(new ResourceProbe.Rate("bytes", direction::bytes))));
    }

    private static void host(List<ResourceProbe> probes, String name, Host host) {
        PhysicalCpus cpus = host.cpus();
        if (cpus.contended()) {
            probes.add(new ResourceProbe(name + "_cpu", name + " CPUs", cpus::snapshot, cpus::busyNanos, List.of()));
        }
        SwapIo io = host.memory().io();
        if (io.resources().swapPathNanosPerPage() > 0) {
            probes.add(new ResourceProbe(name + "_swap_path", name + " swap path", () -> io.pathStats().snapshot(), null,
                    List.of(new ResourceProbe.Rate("readahead_pages", host.memory()::readaheadPages))));
        }
        probes.add(new ResourceProbe(name + "_kswapd", name + " kswapd", () -> io.kswapdStats().snapshot(), null,
                List.of(new ResourceProbe.Rate("direct_reclaims", io::directReclaims),
                        new ResourceProbe.Rate("direct_reclaim_stall_ns", io::directReclaimStallNanos))));
        SwapDevice device = host.swapDevice();
        if (device.config().seeks()) {
            probes.add(new ResourceProbe(name + "_swap_arm", name + " swap device arm",
                    () -> device.armStats().snapshot(), null,
                    List.of(new ResourceProbe.Rate("pages_read", device::pagesRead),
                            new ResourceProbe.Rate("pages_written", device::pagesWritten))));
        } else if (!device.config().inMemory()) {
            probes.add(new ResourceProbe(name + "_swap_read", name + " swap device reads",
                    () -> device.readStats().snapshot(), null,
                    List.of(new ResourceProbe.Rate("pages", device::pagesRead))));
            probes.add(new ResourceProbe(name + "_swap_write", name + " swap device writes",
                    () -> device.writeStats().snapshot(), null,
                    List.of(new ResourceProbe.Rate("pages", device::pagesWritten))));
        }
    }
}
