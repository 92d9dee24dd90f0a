package org.overbook.perf.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.overbook.guest.ConfigurationException;
import org.overbook.perf.scenario.Scenario;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;

/** Every preset's scenarios load at full size and reduced, and the reduced ones are no bigger. */
class PresetsTest {

    private final ScenarioLoader loader = ScenarioLoader.standard();

    @Test
    void everyExperimentLoadsFullAndQuickWithTheSamePointsAndNoMoreTimeOrMemory() {
        for (Preset preset : Presets.all()) {
            assertTrue(preset.name().matches("[a-z0-9-]+"), preset.name());
            for (Experiment experiment : preset.experiments()) {
                ScenarioFile full = experiment.load(loader, false);
                ScenarioFile quick = experiment.load(loader, true);
                String where = preset.name() + "/" + experiment.name();
                assertEquals(full.points().size(), quick.points().size(), where + ": the figures read the same points");
                for (int i = 0; i < full.points().size(); i++) {
                    Scenario big = full.points().get(i).scenario();
                    Scenario small = quick.points().get(i).scenario();
                    assertTrue(small.endNanos() <= big.endNanos(), where + " point " + i + ": quick runs no longer");
                    assertTrue(small.host().memoryBytes() <= big.host().memoryBytes(), where + " point " + i + ": nor on more RAM");
                }
            }
        }
    }

    @Test
    void presetsAreFoundByNameOnceEachAndAnUnknownNameListsTheKnownOnes() {
        List<Preset> two = Presets.named("NAME", "--all", List.of("part", "netvm", "part"));
        assertEquals(List.of("part", "netvm"), two.stream().map(Preset::name).toList());
        ConfigurationException e = assertThrows(ConfigurationException.class, () -> Presets.named("NAME", "--all", List.of("parts")));
        assertEquals("NAME", e.field());
        assertTrue(e.getMessage().contains("unknown preset 'parts'; accepted: npf-memcached, receive-faults"), e.getMessage());
        assertTrue(e.getMessage().endsWith(", tlb-sharing (or --all) (did you mean part?)"), e.getMessage());
        assertTrue(assertThrows(ConfigurationException.class, () -> Presets.named("NAME", "--all", List.of("memcached")))
                .getMessage().endsWith(", tlb-sharing (or --all)"), "no suggestion when nothing is near");
        assertEquals(8, Presets.descriptions().size(), "one preset per headline result of docs/ARCHITECTURE.md");
    }
}
