package org.overbook.perf.run;

import java.util.ArrayList;
import java.util.List;
import org.overbook.hypervisor.Host;
import org.overbook.hypervisor.memory.SwapIo;
import org.overbook.hypervisor.sim.PhysicalCpus;
import org.overbook.hypervisor.swap.SwapDevice;
import org.overbook.nic.Testbed;

/**
 * The contended resources of a testbed, in report order: for the server host then the client host, its
 * physical CPUs, the kernel's swap path (its host-wide page ceiling), kswapd (one reclaim thread: its CPU
 * time over the window's time) and its swap device's read and write bottlenecks (each at its own IOPS). A host with unlimited CPUs has no CPU queue and an
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
        host(probes, "client", testbed.client());
        return probes;
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
        if (!device.config().inMemory()) {
            probes.add(new ResourceProbe(name + "_swap_read", name + " swap device reads",
                    () -> device.readStats().snapshot(), null,
                    List.of(new ResourceProbe.Rate("pages", device::pagesRead))));
            probes.add(new ResourceProbe(name + "_swap_write", name + " swap device writes",
                    () -> device.writeStats().snapshot(), null,
                    List.of(new ResourceProbe.Rate("pages", device::pagesWritten))));
        }
    }
}
