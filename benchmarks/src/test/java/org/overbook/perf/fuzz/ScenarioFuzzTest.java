package org.overbook.perf.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.api.Experiments;

/**
 * The whole model through random small scenarios: a fixed run of generated cases, each run twice and checked
 * ({@link ResultInvariants}). A failure prints each failing case's seed, what failed and its YAML; {@code ./overbook
 * probe ScenarioFuzzProbe 1 SEED} runs that case again alone, and the probe runs longer campaigns.
 */
class ScenarioFuzzTest {

    /** The campaign's first seed; case i runs under FIRST_SEED + i. */
    private static final long FIRST_SEED = 20_261_127L;
    private static final int CASES = 120;

    @TempDir
    Path directory;

    @Test
    void generatedScenariosRunDeterministicallyAndHoldEveryInvariant() {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Campaign campaign;
        try (Experiments experiments = Experiments.builtIn()) {
            FuzzRunner runner = new FuzzRunner(experiments, directory, FuzzRunner.EVENT_LIMIT);
            campaign = new Campaign(runner, new PrintStream(log, true, StandardCharsets.UTF_8)).run(FIRST_SEED, CASES);
        }
        System.out.println("ScenarioFuzzTest: " + campaign.tally());
        assertTrue(campaign.failures().isEmpty(), () -> campaign.tally() + "\n" + campaign.failures().stream()
                .map(Campaign.Failure::describe).collect(Collectors.joining("\n")));
        assertTrue(campaign.passed() >= CASES / 2, () -> "most generated cases should run, not be refused: "
                + campaign.tally());
    }

    @Test
    void theSameSeedGivesTheSameScenarioAndAnotherSeedAnotherOne() {
        assertEquals(ScenarioGenerator.scenario(5), ScenarioGenerator.scenario(5));
        assertTrue(!ScenarioGenerator.scenario(5).equals(ScenarioGenerator.scenario(6)));
    }
}
