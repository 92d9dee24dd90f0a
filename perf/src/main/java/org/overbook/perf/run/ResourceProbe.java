package org.overbook.perf.run;

import java.util.List;
import java.util.Objects;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.overbook.hypervisor.resource.ResourceSnapshot;

/**
 * One contended resource the runner watches, and how to read it.
 *
 * @param key        the resource's column prefix in {@code summary.csv} ({@code server_cpu})
 * @param label      the resource in words ({@code server CPUs})
 * @param snapshot   reads its accounting now
 * @param serverBusy reads the busy time of each of its servers (each pCPU), or {@code null} when not kept per server
 * @param rates      counters reported per second of the measured window (pages read, ...)
 */
record ResourceProbe(String key, String label, Supplier<ResourceSnapshot> snapshot, Supplier<long[]> serverBusy,
                     List<Rate> rates) {

    ResourceProbe {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(snapshot, "snapshot");
        rates = List.copyOf(rates);
    }

    /** A cumulative counter of the resource, reported as {@code <key>_<name>_per_s}. */
    record Rate(String name, LongSupplier count) {
    }
}
