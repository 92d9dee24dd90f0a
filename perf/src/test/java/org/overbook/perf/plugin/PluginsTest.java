package org.overbook.perf.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.Registry;
import org.overbook.guest.WorkloadProvider;
import org.overbook.perf.scenario.NamedPipe;

/** Paths from the environment and the option; what is not a jar; the built-ins' origins. */
class PluginsTest {

    @TempDir
    Path directory;

    @Test
    void theEnvironmentVariableIsSplitLikeAClassPath() {
        String value = "a.jar" + File.pathSeparator + " " + File.pathSeparator + "plugins" + File.pathSeparator;
        assertEquals(List.of(Path.of("a.jar"), Path.of("plugins")), Plugins.fromEnvironment(value));
        assertEquals(List.of(), Plugins.fromEnvironment(null));
        assertEquals(List.of(), Plugins.fromEnvironment(""));
    }

    @Test
    void aFileThatIsNotAJarIsRefused() throws Exception {
        Path text = Files.writeString(directory.resolve("notes.txt"), "not a jar");
        ConfigurationException e = assertThrows(ConfigurationException.class, () -> Plugins.load(List.of(text)));
        assertEquals("--plugins", e.field());
        assertTrue(e.getMessage().contains("notes.txt is not a jar"), e.getMessage());
    }

    @Test
    void aNamedPipeIsRefusedAsNoRegularFile() throws Exception {
        Path pipe = NamedPipe.at(directory.resolve("plugins.jar"));
        ConfigurationException e = assertThrows(ConfigurationException.class, () -> Plugins.load(List.of(pipe)));
        assertEquals("--plugins: " + pipe + " is not a regular file but a named pipe, a device or a socket; accepted: a .jar file"
                + " or a directory of them", e.getMessage());
    }

    @Test
    void aFileNamedJarThatIsNoArchiveIsRefusedAloneOrInADirectory() throws Exception {
        Path fake = Files.writeString(Files.createDirectories(directory.resolve("jars")).resolve("notajar.jar"), "not a jar");
        for (Path path : List.of(fake, fake.getParent())) {
            ConfigurationException e = assertThrows(ConfigurationException.class, () -> Plugins.load(List.of(path)));
            assertEquals("--plugins", e.field());
            assertTrue(e.getMessage().contains("notajar.jar is not a jar"), e.getMessage());
        }
    }

    @Test
    void aJarWhoseProviderIsAlsoOnTheClassPathIsTakenWithItsProviderBuiltIn() throws Exception {
        // a program that puts its plug-in on its class path and also hands it to withPlugins: the class path wins
        Path jar = directory.resolve("twice.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new JarEntry("META-INF/services/" + WorkloadProvider.class.getName()));
            out.write("org.overbook.workloads.BuiltinWorkloads\n".getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        try (Plugins plugins = Plugins.load(List.of(jar))) {
            assertEquals(Registry.BUILT_IN, plugins.catalog().workloads().origins().get("memcached"));
        }
    }

    @Test
    void aMisspeltProviderIsNamedWithTheJarsClassItWasLikelyMeantToBe() throws Exception {
        Path jar = directory.resolve("typo.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new JarEntry("META-INF/services/" + WorkloadProvider.class.getName()));
            out.write("org.example.rpc.RpcWorkload\n".getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
            for (String type : List.of("org/example/rpc/RpcWorkloads.class", "org/example/rpc/EchoServer.class")) {
                out.putNextEntry(new JarEntry(type)); // never loaded: the names are what the message reads
                out.closeEntry();
            }
        }
        ConfigurationException e = assertThrows(ConfigurationException.class, () -> Plugins.load(List.of(jar)));
        assertEquals("--plugins: typo.jar: META-INF/services/" + WorkloadProvider.class.getName() + " lists"
                + " org.example.rpc.RpcWorkload, and no class of that name is on the plug-ins' path (did you mean"
                + " org.example.rpc.RpcWorkloads?); accepted: the fully qualified name of a class the jar holds that implements"
                + " WorkloadProvider", e.getMessage());
    }

    @Test
    void aListedClassThatDoesNotImplementTheInterfaceIsNamedWithWhatItShouldImplement() throws Exception {
        Path jar = directory.resolve("wrong.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new JarEntry("META-INF/services/" + WorkloadProvider.class.getName()));
            out.write((PluginsTest.class.getName() + "\n").getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        ConfigurationException e = assertThrows(ConfigurationException.class, () -> Plugins.load(List.of(jar)));
        assertEquals("--plugins: wrong.jar: " + PluginsTest.class.getName() + " is listed in META-INF/services/"
                + WorkloadProvider.class.getName() + " but does not implement it; accepted: a class that implements the"
                + " interface its service file is named after", e.getMessage());
    }

    @Test
    void anEmptyDirectoryLoadsNothingWithAWarningAndTheBuiltInsAreBuiltIn() throws Exception {
        Path empty = Files.createDirectories(directory.resolve("empty"));
        try (Plugins plugins = Plugins.load(List.of(empty))) {
            assertEquals(List.of(), plugins.jars());
            assertEquals(List.of(empty + " is a directory that holds no .jar file, so nothing is loaded from it (classes are"
                    + " read from jars only: jar cf my-plugins.jar -C classes .)"), plugins.warnings());
            Catalog catalog = plugins.catalog();
            for (Registry<?> family : catalog.families().values()) {
                assertTrue(!family.descriptions().isEmpty(), family.noun() + " has built-ins");
                assertTrue(family.origins().values().stream().allMatch(Registry.BUILT_IN::equals), family.origins().toString());
            }
            assertEquals(List.of("clock"), List.copyOf(catalog.policies().victimSelection().descriptions().keySet()));
            assertEquals(catalog.families().size(), Catalog.PROVIDERS.size(), "a provider interface per family, for the"
                    + " error that names them: " + Catalog.PROVIDERS);
        }
    }
}
