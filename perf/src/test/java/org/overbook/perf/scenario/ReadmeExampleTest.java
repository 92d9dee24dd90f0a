package org.overbook.perf.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The scenario shown in README.md loads and validates, so the README cannot drift from the format. */
class ReadmeExampleTest {

    @Test
    void theReadmeScenarioIsValid() throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"));
        int start = readme.indexOf("```yaml\n");
        assertTrue(start >= 0, "README.md shows a YAML scenario");
        int end = readme.indexOf("```", start + 8);
        ScenarioFile file = ScenarioLoader.standard().parse(readme.substring(start + 8, end), "README.md");
        assertEquals(2, file.points().size(), "its sweep has two points");
    }
}
