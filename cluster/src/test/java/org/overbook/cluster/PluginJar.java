package org.overbook.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.ToolProvider;
import org.overbook.nic.testing.PinFirstMibSource;

/**
 * A user's plug-in jars for the cluster tests, compiled here (javac through {@link ToolProvider}) so that their classes
 * are on no class path but the jar's: a memory policy, {@value #POLICY}, that pins the first MiB of every guest, and a
 * workload, {@value #FAILING}, whose first event throws (and {@value #FAILING_UNSHIPPABLY}, whose exception cannot travel).
 */
final class PluginJar {

    static final String POLICY = "pin-first-mib";
    static final String FAILING = "fails-at-once";
    /** As {@value #FAILING}, but what it throws cannot be serialized: Spark cannot bring the task's exception back. */
    static final String FAILING_UNSHIPPABLY = "fails-unshippably";

    private static final String POLICY_SOURCE = PinFirstMibSource.of("org.example.cluster", "PinFirstMib", POLICY);

    private static final String FAILING_SOURCE = """
            package org.example.cluster;

            import java.util.function.Supplier;
            import org.overbook.guest.Guest;
            import org.overbook.guest.Workload;
            import org.overbook.guest.WorkloadMetrics;
            import org.overbook.guest.WorkloadProvider;
            import org.overbook.guest.WorkloadRegistry;

            public final class FailsAtOnce implements WorkloadProvider {
                @Override
                public void registerWorkloads(WorkloadRegistry registry) {
                    registry.register("%s", "throws at its first event", p -> failing(() -> new IllegalStateException("a bug of the plug-in's")));
                    registry.register("%s", "throws what cannot be serialized at its first event",
                            p -> failing(() -> new Unshippable("a bug of the plug-in's")));
                }

                private static Workload failing(Supplier<RuntimeException> bug) {
                    return new Workload() {
                        @Override
                        public void start(Guest guest) {
                            guest.schedule(1_000, () -> {
                                throw bug.get();
                            });
                        }

                        @Override
                        public void report(WorkloadMetrics metrics) {
                        }
                    };
                }

                /** An exception Java serialization cannot write: a field of a class that is not Serializable. */
                static final class Unshippable extends IllegalStateException {
                    private final Object notSerializable = new Object();

                    Unshippable(String message) {
                        super(message);
                    }
                }
            }
            """.formatted(FAILING, FAILING_UNSHIPPABLY);

    private PluginJar() {
    }

    /** Compiles the policy under {@code directory} and returns its jar. */
    static Path policy(Path directory) throws IOException {
        return build(directory.resolve(POLICY), "PinFirstMib", POLICY_SOURCE, "org.overbook.nic.policy.MemoryPolicyProvider");
    }

    /** Compiles the failing workload under {@code directory} and returns its jar. */
    static Path failing(Path directory) throws IOException {
        return build(directory.resolve(FAILING), "FailsAtOnce", FAILING_SOURCE, "org.overbook.guest.WorkloadProvider");
    }

    /** Compiles {@code source} and returns a jar of it, {@code META-INF/services} naming it as a {@code provider}. */
    private static Path build(Path directory, String className, String source, String provider) throws IOException {
        Path sources = Files.createDirectories(directory.resolve("src/org/example/cluster"));
        Path classes = Files.createDirectories(directory.resolve("classes"));
        Path java = Files.writeString(sources.resolve(className + ".java"), source);
        int exit = ToolProvider.getSystemJavaCompiler().run(null, null, null,
                "-d", classes.toString(), "-cp", System.getProperty("java.class.path"), java.toString());
        assertEquals(0, exit, "the plug-in compiles");
        Path services = Files.createDirectories(classes.resolve("META-INF/services"));
        Files.writeString(services.resolve(provider), "org.example.cluster." + className + "\n");
        Path jar = directory.resolve(className + ".jar");
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file);
             Stream<Path> walk = Files.walk(classes)) {
            for (Path p : walk.filter(Files::isRegularFile).sorted().toList()) {
                out.putNextEntry(new JarEntry(classes.relativize(p).toString().replace('\\', '/')));
                Files.copy(p, out);
                out.closeEntry();
            }
        }
        return jar;
    }

    /** A two-point sweep whose first point names the plug-in's policy, under {@code directory}. */
    static Path policyScenario(Path directory) throws IOException {
        List<String> lines = Files.readAllLines(Sweeps.fourPoints(directory), StandardCharsets.UTF_8).stream()
                .map(l -> l.startsWith("  nic.memory-policy:") ? "  nic.memory-policy: [" + POLICY + ", on-demand]" : l)
                .filter(l -> !l.startsWith("  nic.tlb.replacement:"))
                .toList();
        return Files.write(directory.resolve("plug-in.yaml"), lines, StandardCharsets.UTF_8);
    }

    /** A scenario of one tenant running the failing workload, under {@code directory}. */
    static Path failingScenario(Path directory) throws IOException {
        return Files.writeString(directory.resolve("fails.yaml"), """
                seed: 1
                duration: 5ms
                warm-up: 1ms
                host: {memory: 64MiB, swap: 64MiB}
                tenants: {count: 1, template: {memory: 16MiB, workload: {name: %s}}}
                clients: {count: 0}
                """.formatted(FAILING));
    }

    /**
     * A density search's scenario, under {@code directory}: tenants running {@code workload}, each with a client of its
     * own (templates, so that the search varies both counts).
     */
    static Path failingDensity(Path directory, String workload) throws IOException {
        return Files.writeString(directory.resolve(workload + ".yaml"), """
                seed: 1
                duration: 5ms
                warm-up: 1ms
                host: {memory: 64MiB, swap: 64MiB}
                tenants: {count: 1, template: {memory: 16MiB, workload: {name: %s}}}
                clients: {count: 1, template: {workload: {params: {key-prefix: "c${index}:"}}}}
                """.formatted(workload));
    }
}
