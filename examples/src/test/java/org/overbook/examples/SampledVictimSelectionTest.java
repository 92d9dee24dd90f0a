package org.overbook.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.run.SwapArea;

/**
 * The example selection that reads a parameter and draws at random ({@link SampledVictimSelection}) as a user runs it: packed
 * in a jar of its own, on no class path but the plug-ins', and named by a scenario run through {@code overbook sweep
 * --plugins} in a JVM of its own. The tenants run {@link CyclicPages}, which draws nothing, so under the built-in CLOCK two
 * seeds give the same figures; under {@code sampled} they differ (its victims come from the scenario's seed), the same seed
 * gives the same files byte for byte, and its {@code samples} changes what it takes.
 */
class SampledVictimSelectionTest {

    /** Points 0-2 under seed 1, 3-5 under seed 2: clock, then sampled with 1 and with 8 samples. */
    private static final String SWEEP = """
            duration: 20ms
            warm-up: 5ms
            host: {memory: 16MiB, swap: 64MiB}
            tenants: {count: 2, template: {memory: 16MiB, workload: {name: cyclic-pages, params: {working-set: 12MiB}}}}
            sweep:
              seed: [1, 2]
              host.reclaim.victim-selection: [clock, {name: sampled, params: {samples: 1}}, {name: sampled, params: {samples: 8}}]
            """;

    @TempDir
    Path directory;

    @Test
    void itsSamplesAndTheScenariosSeedDecideItsVictimsAndTheSameSeedTheSameFiles() throws Exception {
        Path jar = pluginJar();
        Path file = Files.writeString(directory.resolve("sampled.yaml"), SWEEP);

        String listed = overbook(0, "list", "--plugins", jar.toString());
        assertTrue(listed.matches("(?s).*\\n  sampled +sampled-plugin\\.jar +the first not-recently-accessed.*"), listed);

        String printed = overbook(0, "sweep", file.toString(), "--plugins", jar.toString(), "--threads", "1", "--out",
                directory.resolve("first").toString());
        assertTrue(printed.lines().noneMatch(line -> line.startsWith("overbook: warning")), "it draws only what it is handed: " + printed);
        List<JsonNode> points = points(directory.resolve("first"));
        assertEquals(6, points.size());
        for (JsonNode point : points) {
            assertEquals(0, point.get("mismatches").asLong(), point.toString());
            assertTrue(point.get("total").get("host_swap_writes").asLong() > 0, "the host reclaimed: " + point.get("total"));
        }
        assertEquals(figures(points.get(0)), figures(points.get(3)), "CLOCK draws nothing, nor does the workload: seeds 1 and 2 alike");
        assertNotEquals(figures(points.get(1)), figures(points.get(4)), "one sample: its victims come from the scenario's seed");
        assertNotEquals(figures(points.get(2)), figures(points.get(5)), "eight samples: its victims come from the scenario's seed");
        assertNotEquals(figures(points.get(1)), figures(points.get(2)), "one sample against eight, same seed");

        overbook(0, "sweep", file.toString(), "--plugins", jar.toString(), "--threads", "2", "--out", directory.resolve("again").toString());
        for (String name : List.of("summary.csv", "summary.json")) {
            assertArrayEquals(Files.readAllBytes(directory.resolve("first").resolve(name)),
                    Files.readAllBytes(directory.resolve("again").resolve(name)), name + ", byte for byte, under the same seed");
        }
    }

    @Test
    void aParameterItDoesNotReadIsRefusedNamingIt() throws Exception {
        Path file = Files.writeString(directory.resolve("misspelt.yaml"), SWEEP.substring(0, SWEEP.indexOf("sweep:")).replace("swap: 64MiB}",
                "swap: 64MiB, reclaim: {victim-selection: {name: sampled, params: {sample: 3}}}}"));
        String printed = overbook(2, "run", file.toString(), "--plugins", pluginJar().toString(), "--out",
                directory.resolve("never").toString());
        assertEquals("overbook: configuration error: host.reclaim.victim-selection.params.sample: unknown parameter; accepted:"
                + " samples (did you mean samples?)", printed.strip());
    }

    /** Returns what a point measured: its tenants' figures and the totals, beside the events it ran. */
    private static List<JsonNode> figures(JsonNode point) {
        return List.of(point.get("tenants"), point.get("total"), point.get("events"));
    }

    private static List<JsonNode> points(Path results) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        new ObjectMapper().readTree(results.resolve("summary.json").toFile()).get("points").forEach(out::add);
        return out;
    }

    /**
     * Runs {@code overbook ARGS} in a JVM of its own, as the launcher does, on this test's class path less the examples'
     * classes (so the plug-in comes from its jar alone), and returns what it printed once it exits with {@code exit}.
     */
    private String overbook(int exit, String... args) throws IOException, InterruptedException, URISyntaxException {
        String examples = Path.of(SampledVictimSelection.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        String classPath = String.join(File.pathSeparator, Arrays.stream(System.getProperty("surefire.test.class.path",
                System.getProperty("java.class.path")).split(File.pathSeparator)).filter(entry -> !Path.of(entry).toString().equals(examples))
                .toList());
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(Arrays.asList(System.getProperty("overbook.jvm.options", "").trim().split("\\s+")));
        command.addAll(List.of("-Xmx512m", "-cp", classPath, "org.overbook.perf.cli.Overbook"));
        command.addAll(List.of(args));
        Path output = Files.createTempFile(directory, "overbook-", ".out");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().put(SwapArea.ENVIRONMENT, directory.resolve("swap").toString());
        Process process = builder.start();
        if (!process.waitFor(300, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("overbook " + String.join(" ", args) + " did not end within 300 s");
        }
        String printed = Files.readString(output, StandardCharsets.UTF_8);
        assertEquals(exit, process.exitValue(), printed);
        return printed;
    }

    /** Packs the selection's classes, and the service file that lists it, in a jar of its own. */
    private Path pluginJar() throws IOException, URISyntaxException {
        Path classes = Path.of(SampledVictimSelection.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path jar = directory.resolve("sampled-plugin.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
             Stream<Path> files = Files.list(classes.resolve("org/overbook/examples"))) {
            for (Path type : files.filter(f -> f.getFileName().toString().startsWith("SampledVictimSelection")).sorted().toList()) {
                put(out, classes.relativize(type).toString().replace(File.separatorChar, '/'), Files.readAllBytes(type));
            }
            put(out, "META-INF/services/org.overbook.hypervisor.spi.VictimSelectionProvider",
                    (SampledVictimSelection.class.getName() + "\n").getBytes(StandardCharsets.UTF_8));
        }
        return jar;
    }

    private static void put(JarOutputStream jar, String name, byte[] bytes) throws IOException {
        jar.putNextEntry(new JarEntry(name));
        jar.write(bytes);
        jar.closeEntry();
    }
}
