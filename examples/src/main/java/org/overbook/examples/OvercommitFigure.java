package org.overbook.examples;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.overbook.perf.api.Experiments;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.scenario.ScenarioFile;

/**
 * A short program that runs a scenario through the experiment API and prints one figure: the major faults
 * three memory-touching tenants take when their 36 MiB of working sets share a 32 MiB host, with the heads
 * of their guests pinned by {@link PinHeadPolicy}. No clients: a memory-only experiment.
 *
 * <pre>{@code java <JVM options> -cp <overbook class path> org.overbook.examples.OvercommitFigure}</pre>
 *
 * <p>The JVM options are the launcher's, which the swap store (Chronicle Map) needs: the README's "Plug-ins and the
 * experiment API" spells them out.
 */
public final class OvercommitFigure {

    private OvercommitFigure() {
    }

    public static void main(String[] args) throws IOException {
        System.out.println("major faults at 1.5x overcommit: " + run().total().get("cpu_major_faults"));
    }

    /** Builds the scenario in code, runs its one point and returns the result. */
    static RunResult run() throws IOException {
        Path work = Files.createTempDirectory("overbook-example-");
        try (Experiments experiments = Experiments.builtIn()) {
            ScenarioFile scenario = experiments.draft()
                    .set("duration", "150ms")
                    .set("warm-up", "10ms")
                    .set("host.memory", "32MiB")
                    .set("nic.memory-policy", PinHeadPolicy.NAME)
                    .set("tenants.count", 3)
                    .set("tenants.template.memory", "16MiB")
                    .set("tenants.template.workload.name", "memory-toucher")
                    .set("tenants.template.workload.params", "{working-set: 12MiB, hot-fraction: 1.0}")
                    .build();
            return experiments.run(scenario.points().getFirst(), work).result();
        } finally {
            Files.deleteIfExists(work);
        }
    }
}
