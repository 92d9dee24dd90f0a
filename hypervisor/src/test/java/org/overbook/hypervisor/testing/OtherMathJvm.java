package org.overbook.hypervisor.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A JVM whose {@link Math} returns other last bits than this one's: HotSpot with its math intrinsics off, as on a
 * processor that has other ones or none. A test of figures that must not depend on the machine runs its class's
 * {@code main} there, which prints two digests ({@link #mix}), one a line, and compares them with its own: that of
 * the figures, which must be equal, and that of the library beneath them, which tells whether the child's
 * {@code Math} differs from this one's at all (if not, as on a JVM without those intrinsics, the test proves
 * nothing and is skipped).
 */
public final class OtherMathJvm {

    /** A hang guard, not a measure: a JVM that starts in a second may take a minute on two cores other work shares. */
    private static final int SECONDS = 300;

    private OtherMathJvm() {
    }

    /**
     * Runs {@code mainClass}'s {@code main} in a JVM with HotSpot's math intrinsics off and asserts that the first
     * digest it prints is {@code figures}, this JVM's digest of {@code what}; skipped when the second is
     * {@code library}, this JVM's digest of the library's own results.
     */
    public static void assertSameFigures(Class<?> mainClass, long figures, long library, String what)
            throws IOException, InterruptedException {
        List<String> child = run(mainClass);
        assertEquals(2, child.size(), child.toString());
        assumeFalse(child.get(1).equals(Long.toString(library)),
                "this JVM's Math gives the same bits with its intrinsics off: nothing to compare");
        assertEquals(Long.toString(figures), child.get(0), what + " came out otherwise in a JVM whose Math rounds otherwise");
    }

    /** Runs {@code mainClass}'s {@code main} in a JVM with HotSpot's math intrinsics off; returns the lines it printed. */
    private static List<String> run(Class<?> mainClass) throws IOException, InterruptedException {
        // an option other JVMs do not know is ignored
        Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+IgnoreUnrecognizedVMOptions", "-XX:+UnlockDiagnosticVMOptions", "-XX:-UseLibmIntrinsic",
                "-cp", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                mainClass.getName()).redirectErrorStream(true).start();
        if (!process.waitFor(SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("the child JVM did not end within " + SECONDS + " s");
        }
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.exitValue() != 0) {
            throw new IllegalStateException("the child JVM exited with " + process.exitValue() + ": " + out);
        }
        return out.lines().toList();
    }

    /** Returns {@code digest} with {@code value} folded in: a digest of a sequence of bits, order included. */
    public static long mix(long digest, long value) {
        return (digest ^ value) * 0x9E3779B97F4A7C15L + 1;
    }
}
