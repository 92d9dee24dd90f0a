package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.run.SmallScenarios;

/**
 * Parameters a run could only trip over once it had started are refused before anything runs: exit code 2,
 * one line naming the field, nothing written.
 */
class CheckedBeforeRunTest {

    private final CommandRun command = new CommandRun();

    @TempDir
    Path directory;

    private void refused(String yaml, String... expected) throws Exception {
        Path file = Files.writeString(directory.resolve("bad.yaml"), yaml);
        Path never = directory.resolve("never");
        assertEquals(2, command.execute("run", file.toString(), "--out", never.toString()), command.out + "\n" + command.err);
        String message = command.err.toString().strip();
        assertEquals(1, message.lines().count(), message);
        assertTrue(message.startsWith("overbook: configuration error: "), message);
        for (String part : expected) {
            assertTrue(message.contains(part), part + " in: " + message);
        }
        assertFalse(message.contains("\tat "), "no stack trace: " + message);
        assertFalse(Files.exists(never), "nothing runs, nothing is written");
    }

    @Test
    void aMemoryToucherWorkingSetAboveItsTenantsMemory() throws Exception {
        refused("""
                tenants: {count: 1, template: {memory: 16MiB, workload: {name: memory-toucher, params: {working-set: 32MiB}}}}
                """, "tenants[0].workload.params.working-set", "32MiB", "16MiB", "does not fit");
    }

    @Test
    void aMemcachedMemoryLimitAboveItsGuestsMemory() throws Exception {
        refused(SmallScenarios.MEMCACHED.replace("memory-limit: 16MiB", "memory-limit: 64MiB"),
                "tenants[0].workload.params.memory-limit", "64MiB", "48MiB", "does not fit");
    }

    @Test
    void aClientWarmUpNotShorterThanItsDuration() throws Exception {
        refused(SmallScenarios.MEMCACHED.replace("duration: 10s}", "warmup: 10s, duration: 10s}"),
                "clients[0].workload.params.warmup", "not shorter than duration");
    }

    @Test
    void anEmptyScenarioFile() throws Exception {
        refused("# nothing here yet\n\n", "bad.yaml", "the scenario is empty");
    }

    @Test
    void anUnknownReclaimVictimSelection() throws Exception {
        refused("host: {reclaim: {victim-selection: lru-2q}}\n", "host.reclaim.victim-selection", "'lru-2q'", "clock");
    }

    @Test
    void twoVerifyingClientsWritingTheSameKeysToOneServer() throws Exception {
        // each would read the other's values as stale: mismatches the model did not commit
        refused("""
                tenants: {count: 1}
                clients: {count: 2, template: {workload: {name: memaslap, params: {targets: s0}}}}
                """, "clients[1].workload.params.key-prefix", "'key:'", "also the key prefix of c0", "on s0",
                "key-prefix: \"c${index}:\"", "verify: false");
    }

    @Test
    void twoClientsWithPrefixesOfTheirOwnOrNotVerifyingShareAServer() throws Exception {
        for (String params : new String[] {"{targets: s0, key-prefix: \"c${index}:\"}", "{targets: s0, verify: false}"}) {
            Path file = Files.writeString(directory.resolve("shared.yaml"), """
                    duration: 1ms
                    warm-up: 0s
                    tenants: {count: 1}
                    clients: {count: 2, template: {workload: {name: memaslap, params: %s}}}
                    """.formatted(params));
            CommandRun run = new CommandRun();
            assertEquals(0, run.execute("run", file.toString(), "--out", directory.resolve("shared").toString()), run.err.toString());
        }
    }

    @Test
    void noClientsIsAMemoryOnlyExperiment() throws Exception {
        Path file = Files.writeString(directory.resolve("touch.yaml"), """
                duration: 10ms
                warm-up: 0s
                host: {memory: 32MiB, swap: 64MiB}
                tenants: {count: 2, template: {memory: 24MiB, workload: {name: memory-toucher, params: {working-set: 20MiB}}}}
                clients: {count: 0}
                """);
        assertEquals(0, command.execute("run", file.toString(), "--out", directory.resolve("out").toString()), command.err.toString());
        assertTrue(command.out.toString().matches("(?s).*\\ns1 +memory-toucher .*"), command.out.toString());
    }

    @Test
    void anOutputFolderThatIsAFileOrUnderOneOrEmpty() throws Exception {
        Path file = Files.writeString(directory.resolve("touch.yaml"), """
                duration: 1ms
                warm-up: 0s
                host: {memory: 8MiB, swap: 8MiB}
                tenants: {count: 1, template: {memory: 4MiB, workload: {name: memory-toucher, params: {working-set: 2MiB}}}}
                """);
        Path plain = Files.writeString(directory.resolve("plain.txt"), "not a folder");
        for (String out : new String[] {plain.toString(), plain.resolve("sub").toString(), ""}) {
            CommandRun run = new CommandRun();
            assertEquals(2, run.execute("run", file.toString(), "--out", out), run.out + "\n" + run.err);
            String message = run.err.toString().strip();
            assertEquals(1, message.lines().count(), message);
            assertTrue(message.startsWith("overbook: configuration error: --out: "), message);
            assertFalse(run.out.toString().contains("running point"), "refused before the run: " + run.out);
        }
        assertEquals("not a folder", Files.readString(plain));
    }
}
