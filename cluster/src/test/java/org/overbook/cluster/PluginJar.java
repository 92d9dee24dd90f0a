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

/**
 * A user's plug-in jar for the cluster tests, compiled here (javac through {@link ToolProvider}) so that its classes
 * are on no class path but the jar's: a memory policy, {@value #POLICY}, that pins the first MiB of every guest.
 */
final class PluginJar {

    static final String POLICY = "pin-first-mib";

    private static final String SOURCE = """
            package org.example.cluster;

            import org.overbook.nic.policy.MemoryPolicy;
            import org.overbook.nic.policy.MemoryPolicyProvider;
            import org.overbook.nic.policy.MemoryPolicies;
            import org.overbook.nic.policy.PinningContext;

            public final class PinFirstMib implements MemoryPolicyProvider {
                @Override
                public void registerMemoryPolicies(MemoryPolicies registry) {
                    registry.register("%s", "pin the first MiB of the guest, the rest on demand", () -> new MemoryPolicy() {
                        @Override
                        public String name() {
                            return "%s";
                        }

                        @Override
                        public void attach(PinningContext context) {
                            context.pin(0, Math.min(1 << 20, context.guestBytes()));
                        }
                    });
                }
            }
            """.formatted(POLICY, POLICY);

    private PluginJar() {
    }

    /** Compiles the policy under {@code directory} and returns its jar, {@code META-INF/services} included. */
    static Path build(Path directory) throws IOException {
        Path sources = Files.createDirectories(directory.resolve("src/org/example/cluster"));
        Path classes = Files.createDirectories(directory.resolve("classes"));
        Path source = Files.writeString(sources.resolve("PinFirstMib.java"), SOURCE);
        int exit = ToolProvider.getSystemJavaCompiler().run(null, null, null,
                "-d", classes.toString(), "-cp", System.getProperty("java.class.path"), source.toString());
        assertEquals(0, exit, "the plug-in compiles");
        Path services = Files.createDirectories(classes.resolve("META-INF/services"));
        Files.writeString(services.resolve("org.overbook.nic.policy.MemoryPolicyProvider"), "org.example.cluster.PinFirstMib\n");
        Path jar = directory.resolve("pin-first-mib.jar");
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
    static Path scenario(Path directory) throws IOException {
        List<String> lines = Files.readAllLines(Sweeps.fourPoints(directory), StandardCharsets.UTF_8).stream()
                .map(l -> l.startsWith("  nic.memory-policy:") ? "  nic.memory-policy: [" + POLICY + ", on-demand]" : l)
                .filter(l -> !l.startsWith("  nic.tlb.replacement:"))
                .toList();
        return Files.write(directory.resolve("plug-in.yaml"), lines, StandardCharsets.UTF_8);
    }
}
