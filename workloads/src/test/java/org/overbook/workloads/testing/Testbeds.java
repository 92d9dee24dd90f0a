package org.overbook.workloads.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.overbook.guest.Workload;
import org.overbook.guest.WorkloadMetrics;
import org.overbook.hypervisor.HostConfig;
import org.overbook.hypervisor.TenantConfig;
import org.overbook.hypervisor.testing.HostsUnderTest;
import org.overbook.nic.LinkConfig;
import org.overbook.nic.NicConfig;
import org.overbook.nic.Testbed;

/**
 * Small testbeds for the workloads' tests: a server host and a client host joined by an FDR link,
 * checked after the test against both hosts' memory invariants and every VF's page table, then
 * closed and their files removed. Copied in spirit from the nic module's contract fixtures, whose
 * test classes are not published.
 */
public final class Testbeds implements AutoCloseable {

    private final Testbed testbed;
    private final Path directory;
    private final long seed;

    private Testbeds(Testbed testbed, Path directory, long seed) {
        this.testbed = testbed;
        this.directory = directory;
        this.seed = seed;
    }

    /**
     * Builds a testbed: server tenants {@code s0..} of {@code serverPages[i]} pages over
     * {@code serverFrames} frames, client tenants {@code c0..} of {@code clientPages[i]} pages over
     * enough frames for them all (the client host pins its tenants).
     */
    public static Testbeds create(int serverFrames, int[] serverPages, int[] clientPages, NicConfig nic, long seed) {
        Path directory;
        try {
            directory = Files.createTempDirectory("overbook-workloads-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int serverSwap = 0;
        for (int pages : serverPages) {
            serverSwap += pages;
        }
        int clientFrames = 16;
        for (int pages : clientPages) {
            clientFrames += pages;
        }
        HostConfig server = host("s", serverFrames, serverSwap, serverPages, seed, directory.resolve("server"));
        HostConfig client = host("c", clientFrames, 0, clientPages, seed, directory.resolve("client"));
        return new Testbeds(Testbed.create(server, client, nic, LinkConfig.fdr(), seed), directory, seed);
    }

    /** A host config with small-host watermarks: tenants named {@code prefix}0.. of {@code pages[i]} pages. */
    public static HostConfig host(String prefix, int frames, int swapPages, int[] pages, long seed, Path directory) {
        HostConfig base = HostsUnderTest.config(frames, swapPages, 1, 1, seed, directory);
        List<TenantConfig> tenants = new ArrayList<>();
        for (int i = 0; i < pages.length; i++) {
            tenants.add(new TenantConfig(prefix + i, (long) pages[i] * 4096));
        }
        return new HostConfig(base.memoryBytes(), base.swapBytes(), base.reclaimLow(), base.reclaimHigh(), directory,
                false, seed, base.costs(), tenants);
    }

    public Testbed testbed() {
        return testbed;
    }

    public long seed() {
        return seed;
    }

    /** Runs the simulation until nothing is left to do. */
    public void run() {
        testbed.simulation().run();
    }

    /** Fails with every invariant violation of the testbed, then closes it and removes its files. */
    @Override
    public void close() {
        try {
            List<String> violations = testbed.checkInvariants();
            if (!violations.isEmpty()) {
                fail("seed " + seed + ": testbed invariants violated:\n  " + String.join("\n  ", violations));
            }
        } finally {
            try {
                testbed.close();
            } finally {
                HostsUnderTest.deleteTree(directory);
            }
        }
    }

    /** Returns what {@code workload} reports, by name, sorted. */
    public static Map<String, Number> metrics(Workload workload) {
        return new TreeMap<>(WorkloadMetrics.collect(workload::report));
    }
}
