package org.overbook.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A 4-point sweep on a real standalone Spark cluster on loopback (a master and two workers, separate JVMs started
 * from Spark's own classes): the results folder is byte-identical to the local run's, and stays so when a worker
 * and its executor are killed while a task runs; a sweep that names a plug-in's policy, replicated, is too, the jar
 * reaching executors that have only Spark on their class path. The cluster is torn down whatever happens.
 *
 * <p>About two minutes on two busy cores (three JVMs of Spark, then an executor per worker per run, each
 * fetching Overbook's jars), so it is a CI step of its own rather than part of {@code ./build test}.
 */
@Tag(StandaloneClusterTest.TAG)
class StandaloneClusterTest {

    /** The tag that keeps this test out of {@code ./build test}: CI runs it as a step of its own (.ci/run). */
    static final String TAG = "standalone-cluster";

    @TempDir
    Path directory;

    @Test
    @Timeout(1800) // a hang guard only: about two minutes on two cores, many more on cores other work shares
    void aSweepOnTheClusterGivesTheLocalBytesEvenWhenAWorkerDies() throws Exception {
        Path file = Sweeps.fourPoints(directory);
        Sweeps.Outcome local = Sweeps.overbook("sweep", file.toString(), "--out", directory.resolve("local").toString(), "--threads", "2");
        assertEquals(0, local.exit(), local.toString());
        Path plugIn = PluginJar.policy(directory);
        Path plugInFile = PluginJar.policyScenario(directory);
        Sweeps.Outcome plugInLocal = Sweeps.overbook("sweep", plugInFile.toString(), "--plugins", plugIn.toString(), "--replications", "2",
                "--out", directory.resolve("plug-in-local").toString(), "--threads", "2");
        assertEquals(0, plugInLocal.exit(), plugInLocal.toString());
        StandaloneCluster cluster = StandaloneCluster.start(directory.resolve("cluster"), 2);
        try (cluster) {
            Sweeps.Outcome whole = Sweeps.overbook("sweep", file.toString(), "--out", directory.resolve("cluster-run").toString(),
                    "--master", cluster.masterUrl());
            assertEquals(0, whole.exit(), whole.toString());
            assertTrue(whole.out().contains("4 points, 4 simulations run, " + cluster.masterUrl()), whole.toString());
            Sweeps.assertSameResults(directory.resolve("local"), directory.resolve("cluster-run"));

            Sweeps.Outcome plugInRun = Sweeps.overbook("sweep", plugInFile.toString(), "--plugins", plugIn.toString(), "--replications", "2",
                    "--out", directory.resolve("plug-in-cluster").toString(), "--master", cluster.masterUrl());
            assertEquals(0, plugInRun.exit(), plugInRun.toString());
            Sweeps.assertSameResults(directory.resolve("plug-in-local"), directory.resolve("plug-in-cluster"));

            Set<Path> earlier = cluster.applications();
            CompletableFuture<Sweeps.Outcome> faulty = CompletableFuture.supplyAsync(() -> Sweeps.overbook("sweep", file.toString(),
                    "--out", directory.resolve("worker-lost").toString(), "--master", cluster.masterUrl()));
            int victim = cluster.awaitRunningTask(earlier);
            cluster.killWorker(victim);
            Sweeps.Outcome lost = faulty.get();
            assertEquals(0, lost.exit(), lost.toString());
            Sweeps.assertSameResults(directory.resolve("local"), directory.resolve("worker-lost"));
        }
        assertEquals(List.of(), cluster.alive(), "the master, the workers and their executors are gone");
    }
}
