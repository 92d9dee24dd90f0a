package org.overbook.cluster;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * The jars an executor needs besides Spark: Overbook's modules and the libraries they use, as found on the
 * driver's class path. They travel with the application ({@code spark.jars}), so a worker needs nothing but Spark
 * and a JDK, and no shared file system.
 *
 * <h2>Design</h2>
 * The build lists this module's runtime class path, which has Spark left out (it is a provided dependency), in
 * {@code executor-classpath.txt}; a jar of the driver's class path is shipped when its file name is on that list.
 * A directory of classes (a build that has not packaged a module yet, as in its tests) is shipped as a jar made
 * from it under the temporary directory, deleted when the driver stops.
 */
final class ExecutorJars {

    static final String LIST = "executor-classpath.txt";

    private ExecutorJars() {
    }

    /** Returns the file names of the jars on the build's list (Overbook's and its libraries', not Spark's). */
    static Set<String> names() {
        Set<String> names = new HashSet<>();
        for (String entry : split(listed())) {
            names.add(Path.of(entry).getFileName().toString());
        }
        return names;
    }

    /** Returns the jars to ship, each a local path. */
    static List<String> onClassPath(Path temporary) {
        Set<String> names = names();
        Set<Path> directories = new HashSet<>();
        for (String entry : split(listed())) {
            directories.add(Path.of(entry).toAbsolutePath().normalize());
        }
        directories.add(ownCode());
        List<String> jars = new ArrayList<>();
        for (String entry : split(System.getProperty("java.class.path", ""))) {
            Path path = Path.of(entry).toAbsolutePath().normalize();
            if (Files.isDirectory(path) && directories.contains(path)) {
                jars.add(jarOf(path, temporary).toString());
            } else if (Files.isRegularFile(path) && (names.contains(path.getFileName().toString()) || path.equals(ownCode()))) {
                jars.add(path.toString());
            }
        }
        return jars;
    }

    private static List<String> split(String classPath) {
        return Stream.of(classPath.split(File.pathSeparator)).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    private static String listed() {
        try (InputStream in = ExecutorJars.class.getResourceAsStream(LIST)) {
            if (in == null) {
                throw new IllegalStateException("the cluster module was built without " + LIST);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Returns this module's own jar or classes directory. */
    private static Path ownCode() {
        try {
            return Path.of(ExecutorJars.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toAbsolutePath().normalize();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Returns a jar of the classes under {@code directory}, written under {@code temporary}. */
    private static Path jarOf(Path directory, Path temporary) {
        try {
            Path jar = Files.createTempFile(temporary, directory.getParent().getParent().getFileName() + "-", ".jar");
            try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file);
                 Stream<Path> files = Files.walk(directory)) {
                for (Path p : files.filter(Files::isRegularFile).sorted().toList()) {
                    out.putNextEntry(new JarEntry(directory.relativize(p).toString().replace(File.separatorChar, '/')));
                    Files.copy(p, out);
                    out.closeEntry();
                }
            }
            return jar;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make a jar of " + directory + " for the executors", e);
        }
    }
}
