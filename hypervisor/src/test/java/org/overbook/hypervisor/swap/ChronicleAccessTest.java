package org.overbook.hypervisor.swap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import net.openhft.chronicle.map.ChronicleMapBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A JVM without the launcher's options is told which it lacks, in one line, before Chronicle fails in its own words. */
class ChronicleAccessTest {

    @TempDir
    Path directory;

    @Test
    void theBuildsJvmOptionsGrantWhatChronicleNeedsAndAModuleWithoutThemLacksEachByName() {
        assertEquals(List.of(), ChronicleAccess.missing(ChronicleMapBuilder.class.getModule()), "the tests run with the launcher's options");
        assertEquals(List.of("--add-opens=java.base/java.lang=java.logging", "--add-opens=java.base/java.lang.reflect=java.logging",
                        "--add-exports=java.base/sun.nio.ch=java.logging", "--add-exports=jdk.compiler/com.sun.tools.javac.file=java.logging"),
                ChronicleAccess.missing(ModuleLayer.boot().findModule("java.logging").orElseThrow()));
    }

    @Test
    void aSwapStoreInAJvmStartedWithoutTheOptionsSaysWhichInOneLine() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path output = directory.resolve("out.txt");
        Process process = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                WithoutOptions.class.getName(), directory.resolve("swap.cmap").toString())
                .redirectErrorStream(true).redirectOutput(output.toFile()).start();
        assertTrue(process.waitFor(300, TimeUnit.SECONDS), "the child JVM ends"); // a hang guard, for busy cores
        String printed = Files.readString(output, StandardCharsets.UTF_8);
        String line = printed.lines().filter(l -> l.startsWith("refused: ")).findFirst().orElse("");
        assertTrue(line.contains("IllegalStateException: the swap store (Chronicle Map) needs JVM options this JVM was started without: "
                + "--add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.lang.reflect=ALL-UNNAMED"
                + " --add-exports=java.base/sun.nio.ch=ALL-UNNAMED --add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED;"), printed);
        assertEquals(0, process.exitValue(), printed);
    }

    /** Creates a swap store, as a program of the user's own would through a run, and prints why it could not. */
    static final class WithoutOptions {

        public static void main(String[] args) {
            try (SwapStore store = SwapStore.create(Path.of(args[0]), 16, false)) {
                System.out.println("created " + store);
            } catch (RuntimeException | Error e) {
                System.out.println("refused: " + e.getClass().getSimpleName() + ": " + e.getMessage());
            }
        }
    }
}
