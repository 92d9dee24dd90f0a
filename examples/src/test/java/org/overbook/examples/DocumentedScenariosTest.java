package org.overbook.examples;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.overbook.perf.api.Experiments;
import org.overbook.perf.scenario.ScenarioFile;

/**
 * Every scenario the documentation shows (each {@code yaml} code block of README.md and docs/) loads and validates, as
 * {@code overbook run} would read it before running anything, so that no page shows a scenario the tool refuses. This
 * module is where a block may name the examples' plug-ins ({@code pin-head}): they are on its class path, found as
 * {@code Experiments.builtIn()} finds a user's own.
 */
class DocumentedScenariosTest {

    private static final Pattern YAML_BLOCK = Pattern.compile("(?s)```yaml\n(.*?)```");

    @TestFactory
    Stream<DynamicTest> everyScenarioTheDocumentationShowsLoads() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path page : pages()) {
            Matcher block = YAML_BLOCK.matcher(Files.readString(page));
            for (int n = 1; block.find(); n++) {
                String yaml = block.group(1);
                String name = page.getFileName() + ", yaml block " + n;
                tests.add(DynamicTest.dynamicTest(name, () -> {
                    try (Experiments experiments = Experiments.builtIn()) {
                        ScenarioFile file = experiments.parse(yaml, name);
                        assertFalse(file.points().isEmpty(), name + " has a point to run");
                    }
                }));
            }
        }
        assertTrue(tests.size() >= 3, "the README and docs/ show scenarios: " + tests.size() + " found");
        return tests.stream();
    }

    /** README.md and every page of docs/, from this module's folder. */
    private static List<Path> pages() throws IOException {
        Path root = Path.of("..");
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            return Stream.concat(Stream.of(root.resolve("README.md")), docs.filter(p -> p.toString().endsWith(".md")).sorted())
                    .toList();
        }
    }
}
