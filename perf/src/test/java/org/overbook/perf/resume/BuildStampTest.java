package org.overbook.perf.resume;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stamp follows the code, not where it lies or when it was built: the same classes give the same stamp from another
 * path and with other times; one changed byte, another library, a plug-in or the jars a manifest names give another.
 */
class BuildStampTest {

    @TempDir
    Path directory;

    private Path jar(String name, long time, Map<String, String> entries, String classPath) throws IOException {
        Path jar = directory.resolve(name);
        Files.createDirectories(jar.getParent());
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (classPath != null) {
            manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, classPath);
        }
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, manifest)) {
            for (Map.Entry<String, String> e : entries.entrySet()) {
                JarEntry entry = new JarEntry(e.getKey());
                entry.setLastModifiedTime(FileTime.fromMillis(time));
                out.putNextEntry(entry);
                out.write(e.getValue().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }
        return jar;
    }

    private static BuildStamp stamp(Path... entries) {
        return BuildStamp.of(List.of(entries));
    }

    @Test
    void theSameCodeElsewhereAndBuiltAtAnotherTimeHasTheSameStamp() throws Exception {
        Map<String, String> code = Map.of("org/x/A.class", "alpha", "org/x/model.yaml", "seed: 1");
        Path built = jar("a/model.jar", 1_000_000L, code, null);
        Path rebuilt = jar("b/model.jar", 9_000_000_000L, code, null);
        assertEquals(stamp(built), stamp(rebuilt));
        assertEquals(32, stamp(built).id().length());

        Path changed = jar("c/model.jar", 1_000_000L, Map.of("org/x/A.class", "alphb", "org/x/model.yaml", "seed: 1"), null);
        assertNotEquals(stamp(built), stamp(changed), "one byte of a class");
        Path library = jar("lib.jar", 0, Map.of("lib/L.class", "lib"), null);
        assertNotEquals(stamp(built), stamp(built, library), "another jar on the class path");
        assertNotEquals(stamp(built, library), stamp(library, built), "the class path's order decides which class loads");
    }

    @Test
    void aDirectoryCountsByItsFilesContent() throws Exception {
        Path classes = Files.createDirectories(directory.resolve("classes/org/x"));
        Files.writeString(classes.resolve("A.class"), "alpha");
        BuildStamp before = stamp(directory.resolve("classes"));
        assertEquals(before, stamp(directory.resolve("classes")));
        Files.writeString(classes.resolve("A.class"), "alphb");
        assertNotEquals(before, stamp(directory.resolve("classes")));
        assertNotEquals(stamp(directory.resolve("missing.jar")), stamp(directory.resolve("gone.jar")), "a missing entry by its name");
    }

    @Test
    void theJarsAManifestNamesAreFollowedAsTheJvmFollowsThem() throws Exception {
        jar("deps/model.jar", 0, Map.of("org/x/A.class", "alpha"), null);
        Path booter = jar("booter.jar", 0, Map.of(), "deps/model.jar");
        BuildStamp before = stamp(booter);
        jar("deps/model.jar", 0, Map.of("org/x/A.class", "alphb"), null);
        assertNotEquals(before, stamp(booter), "a class changed in the jar the manifest names");
    }
}
