package org.overbook.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.guest.WorkloadProvider;
import org.overbook.perf.plugin.Plugins;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;

/**
 * A plug-in workload that throws while the model runs, in one tenant of several running it: the run's line names that
 * tenant, the workload and its jar, as a failure of its report does, whether the plug-in's frame nearest the throw is
 * the workload's class or a helper class of its jar.
 */
class FailingWorkloadTest {

    /** Every tenant schedules a task at 2 ms; in a tenant given {@code fail: true}, a helper of the jar throws there. */
    private static final String WORKLOAD = """
            package org.example.flaky;

            import org.overbook.guest.Guest;
            import org.overbook.guest.Workload;
            import org.overbook.guest.WorkloadParameters;

            public final class Flaky implements Workload {
                private final boolean fail;

                public Flaky(WorkloadParameters p) {
                    fail = p.flag("fail", false);
                }

                @Override
                public void start(Guest guest) {
                    guest.schedule(2_000_000, () -> guest.charge(Frames.length(fail ? -1 : 64)));
                }
            }
            """;

    private static final String HELPER = """
            package org.example.flaky;

            final class Frames {
                static int length(int header) {
                    if (header < 0) {
                        throw new IllegalStateException("frame length " + header);
                    }
                    return header;
                }
            }
            """;

    private static final String PROVIDER = """
            package org.example.flaky;

            import org.overbook.guest.WorkloadProvider;
            import org.overbook.guest.WorkloadRegistry;

            public final class FlakyWorkloads implements WorkloadProvider {
                @Override
                public void registerWorkloads(WorkloadRegistry registry) {
                    registry.register("flaky", "throws at 2 ms when told to", Flaky::new);
                }
            }
            """;

    @TempDir
    Path directory;

    /** Runs a scenario of the plug-in's jar whose tenants and clients are {@code tenants}, and returns its failure's line. */
    private String failure(String tenants) throws Exception {
        try (Plugins plugins = Plugins.load(List.of(jar("flaky-1.0.jar")))) {
            ScenarioLoader loader = new ScenarioLoader(plugins.catalog());
            ScenarioFile file = loader.parse("""
                    duration: 5ms
                    warm-up: 1ms
                    """ + tenants, "flaky.yaml");
            return assertThrows(RunFailure.class, () -> Runner.standard(plugins.catalog()).run(file.points().getFirst(),
                    directory.resolve("results"))).getMessage();
        }
    }

    @Test
    void theTenantWhosePluginWorkloadThrewIsNamedWithTheWorkloadAndItsJar() throws Exception {
        String message = failure("""
                tenants:
                  - {name: quiet, memory: 4MiB, workload: {name: flaky}}
                  - {name: loud, memory: 4MiB, workload: {name: flaky, params: {fail: true}}}
                  - {name: calm, memory: 4MiB, workload: {name: flaky}}
                clients: {count: 0}
                """);
        assertTrue(message.startsWith("point 0 stopped at 2,000,000 ns of virtual time: tenant loud's workload 'flaky' (flaky-1.0.jar)"
                + " failed while it ran: IllegalStateException: frame length -1 (at overbook-plugins//org.example.flaky.Frames.length("
                + "Frames.java:6))"), message);
    }

    @Test
    void aClientRunningThePluginIsNamedAsTheScenarioNamesIt() throws Exception {
        String message = failure("""
                tenants: [{name: s0, memory: 4MiB, workload: {name: flaky}}]
                clients: {count: 1, template: {memory: 4MiB, workload: {name: flaky, params: {fail: true}}}}
                """);
        assertTrue(message.contains(": tenant c0's workload 'flaky' (flaky-1.0.jar) failed while it ran: IllegalStateException"),
                message);
        assertEquals(1, message.lines().count(), message);
    }

    /** Compiles the plug-in against the guest API alone and packs it, with its service file, as {@code name}. */
    private Path jar(String name) throws IOException, URISyntaxException {
        Path sources = Files.createDirectories(directory.resolve("src/org/example/flaky"));
        Files.writeString(sources.resolve("Flaky.java"), WORKLOAD);
        Files.writeString(sources.resolve("Frames.java"), HELPER);
        Files.writeString(sources.resolve("FlakyWorkloads.java"), PROVIDER);
        Path classes = Files.createDirectories(directory.resolve("classes"));
        String guestApi = Path.of(WorkloadProvider.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        List<String> arguments = new ArrayList<>(List.of("--release", "25", "-classpath", guestApi, "-d", classes.toString()));
        try (Stream<Path> files = Files.list(sources)) {
            files.map(Path::toString).sorted().forEach(arguments::add);
        }
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, arguments.toArray(String[]::new)));
        Path jar = directory.resolve(name);
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar)); Stream<Path> files = Files.walk(classes)) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                out.putNextEntry(new JarEntry(classes.relativize(file).toString().replace('\\', '/')));
                out.write(Files.readAllBytes(file));
                out.closeEntry();
            }
            out.putNextEntry(new JarEntry("META-INF/services/" + WorkloadProvider.class.getName()));
            out.write("org.example.flaky.FlakyWorkloads\n".getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        return jar;
    }
}
