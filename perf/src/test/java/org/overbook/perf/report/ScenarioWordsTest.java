package org.overbook.perf.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.scenario.Scenario;
import org.overbook.perf.scenario.ScenarioLoader;

/** The scenario in words, as {@code report.md} states it: its clients, or that it has none. */
class ScenarioWordsTest {

    private static Scenario parse(String yaml) {
        return ScenarioLoader.standard().parse(yaml, "words.yaml").points().getFirst().scenario();
    }

    @Test
    void aMemoryOnlyScenarioSaysItHasNoClients() {
        String words = Report.words(parse("""
                duration: 2ms
                warm-up: 1ms
                tenants: {count: 2, template: {memory: 4MiB, workload: {name: memory-toucher, params: {working-set: 2MiB}}}}
                clients: {count: 0}
                """));
        assertTrue(words.contains("; no clients: the client host runs nothing. "), words);
        assertFalse(words.contains("client(s)"), words);
        assertFalse(words.contains("()"), words);
    }

    @Test
    void clientsAreCountedAndDescribed() {
        String words = Report.words(parse(SmallScenarios.MEMCACHED));
        assertTrue(words.contains("; 2 client(s) (c0: memaslap, 16 MiB; c1: memaslap, 16 MiB) on a client host with 96 MiB,"
                + " over a "), words);
    }
}
