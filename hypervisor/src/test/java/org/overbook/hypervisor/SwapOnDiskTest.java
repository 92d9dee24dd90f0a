package org.overbook.hypervisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.overbook.guest.GuestMemory;
import org.overbook.hypervisor.testing.DiskUsage;
import org.overbook.hypervisor.testing.HostsUnderTest;

/**
 * The swap store costs disk for what is swapped, not for what is configured: a host with the swap of a
 * real server (64 GiB) and a small workload keeps its swap file small, and builds as quickly as with 64 MiB.
 */
class SwapOnDiskTest {

    private static final long MIB = 1L << 20;
    private static final long GIB = 1L << 30;

    @RegisterExtension
    final HostsUnderTest hosts = new HostsUnderTest();

    private HostConfig config(long swapBytes, Path directory) {
        // 1 MiB of RAM under 8 MiB of guest memory: the workload below swaps about 7 MiB.
        return HostConfig.of(MIB, swapBytes, directory, 1, List.of(new TenantConfig("t0", 8 * MIB)));
    }

    private static void touchEveryPage(Host host) {
        GuestMemory memory = host.tenant(0).memory();
        for (long offset = 0; offset < 8 * MIB; offset += GuestMemory.PAGE_SIZE) {
            memory.writeLong(offset + 8, offset ^ 0x5DEECE66DL);
        }
        for (long offset = 0; offset < 8 * MIB; offset += GuestMemory.PAGE_SIZE) {
            assertEquals(offset ^ 0x5DEECE66DL, memory.readLong(offset + 8));
        }
    }

    @Test
    void aHostWith64GibOfSwapAndASmallWorkloadKeepsItsSwapFileUnder64MibOnDisk() {
        Path directory = hosts.newDirectory();
        Host host = hosts.create(config(64 * GIB, directory));
        long atStart = DiskUsage.allocatedBytes(directory);
        touchEveryPage(host);
        assertTrue(host.memory().swapWrites() > 1_000, "the workload swaps: " + host.memory().swapWrites() + " pages written");
        long atEnd = DiskUsage.allocatedBytes(directory);
        System.out.printf("64 GiB of swap: %d MiB allocated at start, %d MiB at the end, %d pages written%n",
                atStart >> 20, atEnd >> 20, host.memory().swapWrites());
        assertTrue(atStart > 0, "the swap file exists from the start");
        assertTrue(atStart < 64 * MIB, (atStart >> 20) + " MiB allocated at start");
        assertTrue(atEnd < 64 * MIB, (atEnd >> 20) + " MiB allocated at the end");
        assertEquals(atEnd, host.swapBytesOnDisk(), "the host states what its swap takes on disk");
    }

    /**
     * Building the host does the same work whatever the configured swap: the same first extent, the same
     * bytes on disk. Set-up time of both is printed, not asserted (wall time on a shared machine); the
     * comparison is in perf/BENCHMARKS.md.
     */
    @Test
    void buildingAHostWith64GibOfSwapDoesWhatBuildingOneWith64MibDoes() {
        int rounds = 5;
        long[] huge = new long[rounds];
        long[] small = new long[rounds];
        long hugeBytes = 0;
        long smallBytes = 0;
        Host.create(config(64 * MIB, hosts.newDirectory())).close(); // warm up class loading and Chronicle's code generation
        for (int round = 0; round < rounds; round++) {
            long start = System.nanoTime();
            try (Host host = Host.create(config(64 * GIB, hosts.newDirectory()))) {
                huge[round] = System.nanoTime() - start;
                hugeBytes = host.swapBytesOnDisk();
            }
            start = System.nanoTime();
            try (Host host = Host.create(config(64 * MIB, hosts.newDirectory()))) {
                small[round] = System.nanoTime() - start;
                smallBytes = host.swapBytesOnDisk();
            }
        }
        Arrays.sort(huge);
        Arrays.sort(small);
        System.out.printf("set-up, median of %d: 64 GiB of swap %.1f ms, 64 MiB %.1f ms, ratio %.2f%n", rounds,
                huge[rounds / 2] / 1e6, small[rounds / 2] / 1e6, (double) huge[rounds / 2] / small[rounds / 2]);
        assertEquals(smallBytes, hugeBytes, "the same swap file at set-up");
        assertTrue(hugeBytes < 64 * MIB, (hugeBytes >> 20) + " MiB");
    }
}
