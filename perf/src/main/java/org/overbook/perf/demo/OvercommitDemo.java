package org.overbook.perf.demo;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.Workload;
import org.overbook.guest.WorkloadMetrics;
import org.overbook.guest.WorkloadParameters;
import org.overbook.guest.WorkloadRegistry;
import org.overbook.hypervisor.Host;
import org.overbook.hypervisor.HostConfig;
import org.overbook.hypervisor.Tenant;
import org.overbook.hypervisor.TenantConfig;

/**
 * Three tenants of 64 MiB each on a host with 64 MiB of RAM (3x overcommit) and 160 MiB of swap,
 * each running the {@code memory-toucher} over a 56 MiB working set whose hot fifth takes 90 % of
 * the accesses. The hot sets fit in RAM together; the cold parts do not, so reclaim runs for the
 * whole demo and every tenant takes major faults.
 */
public final class OvercommitDemo {

    private static final long MIB = 1L << 20;

    private OvercommitDemo() {
    }

    /** One tenant's figures. */
    public record TenantRow(String name, long accesses, long mismatches, long minorFaults, long majorFaults,
                            long stallNanos, long swapOuts, long cleanDrops, int residentPages, int swappedPages) {
    }

    /** What the demo measured. */
    public record Result(long seed, long simulatedNanos, List<TenantRow> tenants, int totalFrames, int usedFrames,
                         long swapWrites, long swapReads, long reclaimRuns, long events, double wallSeconds) {

        public long mismatches() {
            return tenants.stream().mapToLong(TenantRow::mismatches).sum();
        }

        public void print(PrintWriter out) {
            out.printf("Overbook demo: 3 tenants x 64 MiB on 64 MiB of host RAM (3x overcommit), seed %d, %.3f s simulated%n%n",
                    seed, simulatedNanos / 1e9);
            out.printf("%-8s %10s %10s %10s %10s %12s %10s %10s %10s %10s%n", "tenant", "accesses", "minor", "major",
                    "stall ms", "swap-outs", "clean", "resident", "swapped", "mismatch");
            for (TenantRow row : tenants) {
                out.printf("%-8s %10d %10d %10d %10.1f %12d %10d %10d %10d %10d%n", row.name(), row.accesses(),
                        row.minorFaults(), row.majorFaults(), row.stallNanos() / 1e6, row.swapOuts(), row.cleanDrops(),
                        row.residentPages(), row.swappedPages(), row.mismatches());
            }
            out.printf("%nhost frames: %d of %d used (%d MiB of RAM); swap: %d pages written, %d read; reclaim ran %d times%n",
                    usedFrames, totalFrames, (long) totalFrames * GuestMemory.PAGE_SIZE / MIB, swapWrites, swapReads, reclaimRuns);
            out.printf("data integrity: %s%n", mismatches() == 0 ? "every stamp read back as written"
                    : mismatches() + " MISMATCHES (a model bug: please report it)");
            out.printf("%d events in %.2f s of wall time (%.1f M events/s)%n", events, wallSeconds, events / wallSeconds / 1e6);
        }
    }

    /** Runs the demo for {@code simulatedNanos} of virtual time. */
    public static Result run(long seed, long simulatedNanos) {
        Path directory = temporaryDirectory();
        List<TenantConfig> tenants = List.of(new TenantConfig("a", 64 * MIB), new TenantConfig("b", 64 * MIB),
                new TenantConfig("c", 64 * MIB));
        HostConfig config = HostConfig.of(64 * MIB, 160 * MIB, directory, seed, tenants);
        WorkloadRegistry registry = WorkloadRegistry.discover();
        long wallStart = System.nanoTime();
        try (Host host = Host.create(config)) {
            List<Workload> workloads = new ArrayList<>();
            for (Tenant tenant : host.tenants()) {
                String field = "tenants[" + tenant.id() + "].workload";
                Workload workload = registry.create(field, "memory-toucher", new WorkloadParameters(field + ".params",
                        Map.of("working-set", "56MiB", "hot-fraction", 0.2, "hot-probability", 0.9, "think", "2us")));
                workloads.add(workload);
                tenant.boot(workload);
            }
            host.simulation().runUntil(simulatedNanos);
            double wallSeconds = (System.nanoTime() - wallStart) / 1e9;
            List<TenantRow> rows = new ArrayList<>();
            for (Tenant tenant : host.tenants()) {
                Map<String, Number> figures = WorkloadMetrics.collect(workloads.get(tenant.id())::report);
                rows.add(new TenantRow(tenant.name(), figures.get("accesses").longValue(), figures.get("mismatches").longValue(), tenant.cpuMinorFaults(), tenant.cpuMajorFaults(),
                        tenant.cpuFaultStallNanos(), tenant.table().swapOuts(), tenant.table().cleanDrops(),
                        tenant.table().residentPages(), tenant.table().swappedPages()));
            }
            return new Result(seed, host.simulation().now(), rows, host.memory().totalFrames(), host.memory().usedFrames(),
                    host.memory().swapWrites(), host.memory().swapReads(), host.memory().reclaimRuns(),
                    host.simulation().dispatched(), wallSeconds);
        } finally {
            deleteQuietly(directory);
        }
    }

    private static Path temporaryDirectory() {
        try {
            return Files.createTempDirectory("overbook-demo-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteQuietly(Path directory) {
        try (var files = Files.list(directory)) {
            for (Path file : files.toList()) {
                Files.deleteIfExists(file);
            }
            Files.deleteIfExists(directory);
        } catch (IOException e) {
            // a leftover temporary folder is harmless
        }
    }
}
