package org.overbook.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.resume.BuildStamp;
import org.overbook.perf.resume.PointStore;
import org.overbook.perf.run.Runner;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/**
 * {@code --master local[2]}: Spark in this JVM runs the points as tasks, and the results folder is byte-identical to
 * the default path's, replications and a plug-in's names included; a density search resumed on it takes its stored
 * probes on the driver and sends the rest as tasks; a master URL Spark does not accept, or a cluster that is not
 * there, is one line and exit 2 within a bounded time.
 */
class LocalMasterTest {

    @TempDir
    Path directory;

    @Test
    void localTwoGivesTheSameBytesAsTheThreads() throws Exception {
        Path file = Sweeps.fourPoints(directory);
        Sweeps.Outcome threads = Sweeps.overbook("sweep", file.toString(), "--out", directory.resolve("threads").toString(),
                "--threads", "2");
        assertEquals(0, threads.exit(), threads.toString());
        Sweeps.Outcome spark = Sweeps.overbook("sweep", file.toString(), "--out", directory.resolve("spark").toString(),
                "--master", "local[2]");
        assertEquals(0, spark.exit(), spark.toString());
        assertTrue(spark.out().contains("4 points, 4 simulations run, local[2], Spark default parallelism 2"), spark.toString());
        for (int i = 0; i < 4; i++) {
            assertTrue(spark.out().contains("point " + i + " of 4 done"), "progress on the driver as points finish: " + spark);
        }
        assertTrue(Files.exists(directory.resolve("spark").resolve(ResultsWriter.SUMMARY_CSV)));
        Sweeps.assertSameResults(directory.resolve("threads"), directory.resolve("spark"));
        assertTrue(Files.notExists(directory.resolve("spark").resolve(".work")), "the driver ran nothing locally");
    }

    @Test
    void replicasRunUnderTheirOwnSeeds() throws Exception {
        bothWays(0, "sweep", Sweeps.fourPoints(directory).toString(), "--replications", "2");
        Sweeps.assertSameResults(directory.resolve("threads"), directory.resolve("spark"));
    }

    @Test
    void aPlugInsPolicyReachesTheTasks() throws Exception {
        bothWays(0, "sweep", PluginJar.policyScenario(directory).toString(), "--plugins", PluginJar.policy(directory).toString());
        Sweeps.assertSameResults(directory.resolve("threads"), directory.resolve("spark"));
    }

    @Test
    void aRunThatFailsOnATaskSaysWhatItSaysLocally() throws Exception {
        List<Sweeps.Outcome> outcomes = bothWays(1, "sweep", PluginJar.failingScenario(directory).toString(),
                "--plugins", PluginJar.failing(directory).toString());
        String threads = outcomes.getFirst().err();
        assertTrue(threads.startsWith("overbook: point 0 stopped at 1,000 ns of virtual time: tenant s0's workload 'fails-at-once'"
                + " (FailsAtOnce.jar) failed while it ran: IllegalStateException: a bug of the plug-in's"), threads);
        // the frame names the plug-ins' class loader locally, Spark's (which has no name) in a task
        assertEquals(threads.replace("overbook-plugins//", ""), outcomes.getLast().err(), "the same one line as the threads' run");
    }

    @Test
    void aDensityProbeThatFailsOnATaskIsNamedByItsStepWhetherSparkKeptTheExceptionOrOnlyItsWords() throws Exception {
        String plugins = PluginJar.failing(directory).toString();
        for (String workload : List.of(PluginJar.FAILING, PluginJar.FAILING_UNSHIPPABLY)) {
            List<Sweeps.Outcome> outcomes = bothWays(1, "density", PluginJar.failingDensity(directory, workload).toString(),
                    "--slo", "p99=500us", "--max", "2", "--plugins", plugins);
            String threads = outcomes.getFirst().err();
            assertTrue(threads.startsWith("overbook: probe 1 (tenants.count=1, clients.count=1) stopped at 1,000 ns of virtual time: "), threads);
            assertEquals(threads.replace("overbook-plugins//", ""), outcomes.getLast().err(),
                    workload + ": the probe named as the threads' run names it, not as the task's point 0");
        }
    }

    /**
     * Runs {@code overbook ARGS} on two threads into folder {@code threads}, then on local[2] into {@code spark}, and
     * returns both outcomes once each has exited with {@code exit}.
     */
    private List<Sweeps.Outcome> bothWays(int exit, String... args) {
        List<Sweeps.Outcome> outcomes = new ArrayList<>();
        for (List<String> where : List.of(List.of("--threads", "2", "--out", directory.resolve("threads").toString()),
                List.of("--master", "local[2]", "--out", directory.resolve("spark").toString()))) {
            List<String> command = new ArrayList<>(List.of(args));
            command.addAll(where);
            Sweeps.Outcome outcome = Sweeps.overbook(command.toArray(String[]::new));
            assertEquals(exit, outcome.exit(), outcome.toString());
            outcomes.add(outcome);
        }
        return outcomes;
    }

    @Test
    void aDensitySearchOnLocalTwoGivesTheSameCurve() throws Exception {
        Path file = Sweeps.resource(directory, "density.yaml");
        Sweeps.Outcome threads = Sweeps.overbook("density", file.toString(), "--slo", "p99=500us", "--max", "5", "--threads", "2",
                "--out", directory.resolve("threads").toString());
        assertEquals(0, threads.exit(), threads.toString());
        Sweeps.Outcome spark = Sweeps.overbook("density", file.toString(), "--slo", "p99=500us", "--max", "5", "--master", "local[2]",
                "--out", directory.resolve("spark").toString());
        assertEquals(0, spark.exit(), spark.toString());
        String answer = threads.out().lines().filter(l -> l.startsWith("answer: ")).findFirst().orElseThrow();
        assertTrue(spark.out().contains(answer), "the same answer: " + answer + "\n" + spark);
        Sweeps.assertSameResults(directory.resolve("threads"), directory.resolve("spark"));
    }

    @Test
    void aResumedDensitySearchOnLocalTwoTakesTheStoredProbeOnTheDriver() throws Exception {
        Path file = Sweeps.resource(directory, "density.yaml");
        List<String> search = List.of("density", file.toString(), "--slo", "p99=500us", "--max", "2");
        Sweeps.Outcome threads = Sweeps.overbook(with(search, "--threads", "2", "--out", directory.resolve("threads").toString()));
        assertEquals(0, threads.exit(), threads.toString());
        ScenarioLoader loader = ScenarioLoader.standard();
        SweepPoint first = loader.load(file).with(Map.of("tenants.count", "1", "clients.count", "1")).points().getFirst();
        Path spark = directory.resolve("spark");
        new PointStore(spark.resolve(ResultsWriter.WORK), BuildStamp.ofThisProcess(List.of()))
                .save(first, Runner.standard(loader.registry()).run(first, directory.resolve("scratch")));

        Sweeps.Outcome resumed = Sweeps.overbook(with(search, "--master", "local[2]", "--out", spark.toString(), "--resume"));
        assertEquals(0, resumed.exit(), resumed.toString());
        assertTrue(resumed.out().contains("reused 1 of 2 points from an interrupted run\n"), "the first probe from the store,"
                + " the second (speculative: it runs beside the first) as a task: " + resumed);
        Sweeps.assertSameResults(directory.resolve("threads"), spark);
        assertTrue(Files.notExists(spark.resolve(".work")), "the store goes once the folder is written");
    }

    private static String[] with(List<String> command, String... more) {
        List<String> args = new ArrayList<>(command);
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    @Test
    void aReproductionOnLocalTwoGivesTheSameTable() {
        Sweeps.Outcome threads = Sweeps.overbook("reproduce", "pin-down-cache", "--quick", "--threads", "2",
                "--out", directory.resolve("threads").toString());
        assertEquals(0, threads.exit(), threads.toString());
        Sweeps.Outcome spark = Sweeps.overbook("reproduce", "pin-down-cache", "--quick", "--master", "local[2]",
                "--out", directory.resolve("spark").toString());
        assertEquals(0, spark.exit(), spark.toString());
        assertTrue(Files.exists(directory.resolve("spark").resolve("reproduce.csv")));
        Sweeps.assertSameResults(directory.resolve("threads"), directory.resolve("spark"));
    }

    @Test
    void aMasterUrlSparkDoesNotAcceptIsOneLine() {
        Sweeps.Outcome outcome = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> Sweeps.overbook("sweep",
                Sweeps.fourPoints(directory).toString(), "--out", directory.resolve("out").toString(), "--master", "nonsense://x"));
        assertEquals(2, outcome.exit(), outcome.toString());
        assertOneLine(outcome, "overbook: configuration error: --master: nonsense://x: Spark does not accept it");
    }

    @Test
    void anUnreachableClusterIsOneLineWithinSeconds() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort(); // closed again: nothing listens there
        }
        String url = "spark://127.0.0.1:" + port;
        Sweeps.Outcome outcome = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> Sweeps.overbook("sweep",
                Sweeps.fourPoints(directory).toString(), "--out", directory.resolve("out").toString(), "--master", url));
        assertEquals(2, outcome.exit(), outcome.toString());
        assertOneLine(outcome, "overbook: configuration error: --master: " + url + ": no master answers at 127.0.0.1:" + port);
    }

    @Test
    void aMalformedStandaloneUrlIsOneLine() {
        Sweeps.Outcome outcome = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> Sweeps.overbook("sweep",
                Sweeps.fourPoints(directory).toString(), "--out", directory.resolve("out").toString(), "--master", "spark://host-without-port"));
        assertEquals(2, outcome.exit(), outcome.toString());
        assertOneLine(outcome, "overbook: configuration error: --master: spark://host-without-port: 'host-without-port' is not HOST:PORT");
    }

    private void assertOneLine(Sweeps.Outcome outcome, String start) {
        assertTrue(outcome.err().startsWith(start), outcome.toString());
        assertEquals(1, outcome.err().lines().count(), "one line: " + outcome);
        assertTrue(Files.notExists(directory.resolve("out")), "nothing ran, nothing was written");
    }
}
