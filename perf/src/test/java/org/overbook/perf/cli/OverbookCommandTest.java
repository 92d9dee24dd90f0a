package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.report.ResultsWriter;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.run.TimeSeries;
import org.overbook.perf.run.TenantRow;
import org.overbook.perf.run.TimedResult;

class OverbookCommandTest {

    private final CommandRun command = new CommandRun();
    private final StringWriter out = command.out;
    private final StringWriter err = command.err;

    @TempDir
    Path directory;

    @Test
    void runRunsAScenarioFilePrintsItsTableAndWritesTheFolder() throws Exception {
        Path file = Files.writeString(directory.resolve("small.yaml"), SmallScenarios.MEMCACHED);
        Path results = directory.resolve("results");
        assertEquals(0, command.execute("run", file.toString(), "--out", results.toString()), err.toString());
        assertTrue(out.toString().contains("point 0: point-0"), out.toString());
        assertTrue(out.toString().matches("(?s).*\\nc0 +memaslap +\\d+ .*"), out.toString());
        assertTrue(out.toString().contains("results: " + results.toAbsolutePath()), out.toString());
        assertTrue(Files.exists(results.resolve(ResultsWriter.SUMMARY_CSV)));
        assertTrue(Files.exists(results.resolve(ResultsWriter.REPORT)));
    }

    @Test
    void aValidationErrorInTheFileIsOneLineNamingTheFieldWithExitCode2() throws Exception {
        Path file = Files.writeString(directory.resolve("bad.yaml"), SmallScenarios.MEMCACHED + "nic: {memory-policy: pin-some}\n");
        assertEquals(2, command.execute("run", file.toString(), "--out", directory.resolve("never").toString()));
        String message = err.toString().strip();
        assertEquals(1, message.lines().count(), message);
        assertTrue(message.startsWith("overbook: configuration error: nic.memory-policy"), message);
        assertTrue(message.contains("pin-some"), message);
        assertFalse(message.contains("\tat "), "no stack trace: " + message);
        assertFalse(Files.exists(directory.resolve("never")), "nothing runs, nothing is written");
    }

    @Test
    void aMissingFileIsAConfigurationError() {
        assertEquals(2, command.execute("run", directory.resolve("nowhere.yaml").toString()));
        assertTrue(err.toString().contains("cannot read the scenario file"), err.toString());
    }

    @Test
    void mismatchesExitWith1AndALoudLine() {
        Path file = directory.resolve("unused.yaml");
        org.overbook.perf.scenario.SweepPoint point = org.overbook.perf.scenario.ScenarioLoader.standard()
                .parse(SmallScenarios.MEMCACHED, file.toString()).points().getFirst();
        RunResult clean = new RunResult(0, "", Map.of(), point.scenario(), point.yaml(), 1, List.of(),
                Map.of(Metrics.MISMATCHES, 0L), new TreeMap<>(), new TimeSeries(0, List.of(), new long[] {0}, new long[0]));
        RunResult broken = new RunResult(1, "", Map.of(), point.scenario(), point.yaml(), 1, List.of(),
                Map.of(Metrics.MISMATCHES, 3L), new TreeMap<>(), new TimeSeries(0, List.of(), new long[] {0}, new long[0]));
        PrintWriter errors = new PrintWriter(err);
        assertEquals(0, IntegrityVerdict.of(List.of(new TimedResult(clean, 1)), Map.of(), errors));
        assertEquals("", err.toString());
        assertEquals(1, IntegrityVerdict.of(List.of(new TimedResult(clean, 1), new TimedResult(broken, 1)), Map.of(), errors));
        assertTrue(err.toString().startsWith("overbook: DATA INTEGRITY FAILURE: 3 mismatches"), err.toString());
    }

    @Test
    void mismatchesAPlugInCountedNameItAndItsJarAsTheFirstPlaceToLook() {
        org.overbook.perf.scenario.SweepPoint point = org.overbook.perf.scenario.ScenarioLoader.standard()
                .parse(SmallScenarios.MEMCACHED, directory.resolve("unused.yaml").toString()).points().getFirst();
        List<TenantRow> tenants = List.of(new TenantRow("s0", "server", "memcached", Map.of()),
                new TenantRow("c0", "client", "rpc-client", Map.of(Metrics.MISMATCHES, 538L)),
                new TenantRow("c1", "client", "memaslap", Map.of(Metrics.MISMATCHES, 0L)));
        RunResult broken = new RunResult(0, "", Map.of(), point.scenario(), point.yaml(), 1, tenants,
                Map.of(Metrics.MISMATCHES, 538L), new TreeMap<>(), new TimeSeries(0, List.of(), new long[] {0}, new long[0]));
        assertEquals(1, IntegrityVerdict.of(List.of(new TimedResult(broken, 1)),
                Map.of("rpc-client", "rpc.jar", "memaslap", "built-in"), new PrintWriter(err)));
        assertEquals("overbook: DATA INTEGRITY FAILURE: 538 mismatches (a value read back differs from the one written),"
                + " counted by rpc-client (rpc.jar) in c0; rpc-client (rpc.jar) is a plug-in whose own check counted them:"
                + " look at that check first, then report a model bug\n", err.toString());
    }

    @Test
    void listPrintsEveryRegistry() {
        assertEquals(0, command.execute("list"));
        String text = out.toString();
        for (String expected : new String[] {"Workloads", "memcached", "memaslap", "memory-toucher", "Memory policies", "pin-all",
                "on-demand", "Receive-fault policies", "backup-ring", "rnr-nack", "Balloon policies", "idle-tax",
                "TLB replacement", "lru", "TLB partitions", "quota", "Presets", "receive-faults", "tlb-sharing"}) {
            assertTrue(text.contains(expected), expected + " in:\n" + text);
        }
    }

    @Test
    void demoPrintsTheDemoTable() {
        assertEquals(0, command.execute("demo", "--duration", "20ms"));
        assertTrue(out.toString().contains("3x overcommit"), out.toString());
        assertTrue(out.toString().contains("every stamp read back as written"), out.toString());
    }

    @Test
    void aBadDurationNamesTheOptionWithoutAStackTrace() {
        assertEquals(2, command.execute("demo", "--duration", "5 parsecs"));
        assertTrue(err.toString().contains("--duration: unknown unit 'parsecs'"), err.toString());
        assertFalse(err.toString().contains("\tat "), "no stack trace: " + err);
    }

    /** The verbs' list shows each description's first line alone: it must be a whole sentence, not a cut one. */
    @Test
    void eachVerbsSummaryInTheListIsAWholeSentence() {
        for (var entry : Overbook.commandLine().getSubcommands().entrySet()) {
            String[] description = entry.getValue().getCommandSpec().usageMessage().description();
            if (description.length > 0) {
                String first = description[0].strip();
                assertTrue(first.endsWith(".") || first.endsWith(")"), entry.getKey() + "'s summary is cut: " + first);
            }
        }
    }

    @Test
    void helpListsTheVerbs() {
        assertEquals(0, command.execute("--help"));
        for (String verb : new String[] {"run", "sweep", "density", "reproduce", "list", "demo"}) {
            assertTrue(out.toString().contains(verb), out.toString());
        }
    }
}
