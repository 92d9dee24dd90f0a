package org.overbook.perf.resume;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;

/**
 * What identifies the build of the model a result was computed with: a digest of the code the process runs, so that a
 * stored result is reused only by the same code. Any change to Overbook's classes or resources, to a library's
 * version or to a plug-in jar gives another stamp.
 *
 * <h2>Design</h2>
 * The digest (SHA-256, its first 128 bits in hex) covers the class path as the JVM reads it, entry by entry in order
 * ({@code java.class.path}, with the {@code Class-Path} of a jar's manifest followed as the JVM follows it), then the
 * plug-in jars in load order. A jar counts by its entries' names, sizes and CRC-32s, which its central directory
 * holds (nothing is inflated: the launcher's 73 jars take about a tenth of a second), and not by its path or its
 * entries' times: the launcher runs from copies of the jars, and a rebuild of unchanged sources gives the same
 * stamp. A directory (a build's {@code target/classes}) counts by every file's relative path and content. An entry
 * that is missing counts by its name. The JVM's own version is not part of it: the model's arithmetic is portable
 * ({@code StrictMath}), so a result does not depend on it.
 *
 * @param id the digest as text: 32 hexadecimal digits
 */
public record BuildStamp(String id) {

    /** Returns the stamp of this process's class path and {@code pluginJars}. */
    public static BuildStamp ofThisProcess(List<Path> pluginJars) {
        List<Path> entries = new ArrayList<>();
        for (String property : List.of("java.class.path", "jdk.module.path")) {
            String value = System.getProperty(property, "");
            for (String entry : value.split(File.pathSeparator)) {
                if (!entry.isEmpty()) {
                    entries.add(Path.of(entry));
                }
            }
        }
        entries.addAll(pluginJars);
        return of(entries);
    }

    /** Returns the stamp of the class path {@code entries} (jars and directories), in order. */
    public static BuildStamp of(List<Path> entries) {
        MessageDigest digest = sha256();
        Set<Path> seen = new HashSet<>();
        for (Path entry : entries) {
            add(digest, entry, seen);
        }
        return new BuildStamp(HexFormat.of().formatHex(digest.digest(), 0, 16));
    }

    private static void add(MessageDigest digest, Path entry, Set<Path> seen) {
        Path normal = entry.toAbsolutePath().normalize();
        if (!seen.add(normal)) {
            return;
        }
        try {
            if (Files.isDirectory(normal)) {
                addDirectory(digest, normal);
            } else if (Files.isRegularFile(normal)) {
                addJar(digest, normal, seen);
            } else {
                update(digest, "missing " + normal.getFileName());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + normal + " to stamp the build that runs", e);
        }
    }

    private static void addDirectory(MessageDigest digest, Path directory) throws IOException {
        update(digest, "directory");
        List<Path> files;
        try (Stream<Path> walk = Files.walk(directory)) {
            files = walk.filter(Files::isRegularFile).sorted().toList();
        }
        for (Path file : files) {
            CRC32 crc = new CRC32();
            byte[] bytes = Files.readAllBytes(file);
            crc.update(bytes);
            update(digest, directory.relativize(file).toString().replace(File.separatorChar, '/') + " " + bytes.length + " "
                    + crc.getValue());
        }
    }

    private static void addJar(MessageDigest digest, Path file, Set<Path> seen) throws IOException {
        update(digest, "jar");
        List<Path> referenced = new ArrayList<>();
        try (JarFile jar = new JarFile(file.toFile(), false)) {
            for (Enumeration<? extends ZipEntry> entries = jar.entries(); entries.hasMoreElements(); ) {
                ZipEntry entry = entries.nextElement();
                update(digest, entry.getName() + " " + entry.getSize() + " " + entry.getCrc());
            }
            Manifest manifest = manifest(jar);
            String classPath = manifest == null ? null : manifest.getMainAttributes().getValue(Attributes.Name.CLASS_PATH);
            if (classPath != null) {
                for (String reference : classPath.trim().split("\\s+")) {
                    referenced.add(resolve(file, reference));
                }
            }
        }
        for (Path reference : referenced) {
            add(digest, reference, seen);
        }
    }

    private static Manifest manifest(JarFile jar) throws IOException {
        ZipEntry entry = jar.getEntry(JarFile.MANIFEST_NAME);
        if (entry == null) {
            return null;
        }
        try (InputStream in = jar.getInputStream(entry)) {
            return new Manifest(in);
        }
    }

    /** Resolves a manifest {@code Class-Path} reference, a URL relative to the jar that names it (as the JVM does). */
    private static Path resolve(Path jar, String reference) {
        try {
            URI uri = jar.toUri().resolve(reference);
            return "file".equals(uri.getScheme()) ? Path.of(uri) : Path.of(reference);
        } catch (IllegalArgumentException e) {
            return Path.of(reference); // not a URL: counted by its name, as a missing entry
        }
    }

    private static void update(MessageDigest digest, String text) {
        digest.update(text.getBytes(StandardCharsets.UTF_8));
        digest.update((byte) '\n');
    }

    /** Returns a new SHA-256 digest. */
    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
