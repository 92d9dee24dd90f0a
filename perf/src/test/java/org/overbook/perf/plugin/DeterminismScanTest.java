package org.overbook.perf.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.function.LongSupplier;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.guest.WorkloadProvider;

/** What makes a plug-in's results depend on more than its scenario and seed is named, class, method and call. */
class DeterminismScanTest {

    /** Everything a plug-in should not do, once each. */
    static final class Careless {
        static long calls;
        private final Random random = new Random();

        long jitter() {
            calls++;
            LongSupplier clock = System::nanoTime;
            return clock.getAsLong() % 7 + System.currentTimeMillis() % 3 + (long) (Math.random() * 10)
                    + random.nextInt(5) + (long) Math.pow(2, 3);
        }
    }

    /** What a deterministic plug-in does instead: a seeded generator, StrictMath, state in its instance, constants. */
    static final class Careful {
        static final long[] TABLE = {1, 2, 3};
        private final Random random = new Random(42);
        private long calls;

        long jitter() {
            calls++;
            return random.nextInt(5) + (long) StrictMath.pow(2, 3) + (long) Math.max(1.0, Math.sqrt(calls)) + TABLE[0];
        }
    }

    @Test
    void theWallClockUnseededRandomnessStaticStateAndMachineMathAreNamedWithTheirMethod() throws IOException {
        List<String> uses = DeterminismScan.uses(classFile(Careless.class));
        String type = Careless.class.getName();
        assertEquals(List.of(
                type + ".<init> draws from an unseeded random source (new java.util.Random())",
                type + ".jitter writes the static field " + type + ".calls",
                type + ".jitter reads the wall clock (System.nanoTime())",
                type + ".jitter reads the wall clock (System.currentTimeMillis())",
                type + ".jitter draws from an unseeded random source (Math.random())",
                type + ".jitter calls Math.pow() (StrictMath's gives the same last bit on every machine)"), uses);
    }

    /** Starts threads of its own, two ways. */
    static final class Threaded {
        void spawn(Runnable work) {
            new Thread(work).start();
            java.util.concurrent.Executors.newSingleThreadExecutor().execute(work);
        }
    }

    @Test
    void aThreadOfItsOwnIsNamed() throws IOException {
        String type = Threaded.class.getName();
        assertEquals(List.of(
                type + ".spawn starts a thread of its own (Thread.start())",
                type + ".spawn starts a thread of its own (Executors.newSingleThreadExecutor())"),
                DeterminismScan.uses(classFile(Threaded.class)));
    }

    @Test
    void aCarefulClassIsNotNamed() throws IOException {
        assertEquals(List.of(), DeterminismScan.uses(classFile(Careful.class)));
    }

    @Test
    void aJarListingAProviderIsWarnedAboutOnceAndAJarOfCarefulClassesIsNot(@TempDir Path directory) throws IOException {
        Path careless = jar(directory.resolve("careless.jar"), Careless.class);
        Path careful = jar(directory.resolve("careful.jar"), Careful.class);
        try (Plugins plugins = Plugins.load(List.of(careless, careful))) {
            assertEquals(1, plugins.warnings().size(), plugins.warnings().toString());
            String warning = plugins.warnings().getFirst();
            assertTrue(warning.startsWith("careless.jar may give results that differ from run to run, or from one machine to"
                    + " another, with the same scenario and seed: " + Careless.class.getName() + ".<init> draws from an"
                    + " unseeded random source (new java.util.Random()); "), warning);
            assertTrue(warning.contains("; and 2 more; a plug-in takes time from guest.now()"), "four named, the rest counted: " + warning);
        }
    }

    /** A jar holding {@code type}'s class file and a service file naming a provider the class path has. */
    private static Path jar(Path jar, Class<?> type) throws IOException {
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new JarEntry("META-INF/services/" + WorkloadProvider.class.getName()));
            out.write("org.overbook.workloads.BuiltinWorkloads\n".getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
            out.putNextEntry(new JarEntry(type.getName().replace('.', '/') + ".class"));
            out.write(classFile(type));
            out.closeEntry();
        }
        return jar;
    }

    private static byte[] classFile(Class<?> type) throws IOException {
        try (InputStream in = type.getResourceAsStream("/" + type.getName().replace('.', '/') + ".class")) {
            return in.readAllBytes();
        }
    }
}
