package org.overbook.perf.plugin;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import java.util.stream.Collectors;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.overbook.guest.ConfigurationException;

/**
 * User jars, loaded in a class loader of their own whose parent is Overbook's, and the {@link Catalog} of
 * every name they and the built-ins register (found with {@link java.util.ServiceLoader}).
 *
 * <p>A path is a jar, or a directory whose {@code *.jar} files are all taken (sorted by name, so the
 * order, and the error when two register one name, do not depend on the file system). The jars share
 * one loader, so a plug-in may ship its own dependencies as further jars. A path that does not exist,
 * a file that is not a jar, jars that register nothing, a provider that cannot be loaded and a name registered
 * twice are each a {@link ConfigurationException} naming {@code --plugins}, the jar and the name.
 *
 * <p>What loads but is likely a mistake is a warning for the command to print ({@link #warnings()}): a directory
 * that holds no jar (a folder of classes, say), and a jar whose classes read the wall clock, draw from an unseeded
 * random source, write static state, start threads or use {@code Math}'s transcendental functions
 * ({@link DeterminismScan}).
 *
 * <p>Close it when done with everything it loaded (the command line keeps it for the process's life).
 */
public final class Plugins implements AutoCloseable {

    /** The environment variable of plug-in paths, separated as the platform's class path is ({@code :}). */
    public static final String ENVIRONMENT = "OVERBOOK_PLUGINS";

    private static final List<String> PROVIDER_NAMES = Catalog.PROVIDERS.stream().map(Class::getName).toList();

    private final List<Path> jars;
    private final URLClassLoader loader;
    private final Catalog catalog;
    private final List<String> warnings;

    private Plugins(List<Path> jars, List<String> warnings) {
        this.jars = List.copyOf(jars);
        if (jars.isEmpty()) {
            this.loader = null;
            this.catalog = Catalog.builtIn();
            this.warnings = List.copyOf(warnings);
            return;
        }
        URL[] urls = new URL[jars.size()];
        for (int i = 0; i < urls.length; i++) {
            try {
                urls[i] = jars.get(i).toUri().toURL();
            } catch (MalformedURLException e) {
                throw new ConfigurationException("--plugins", jars.get(i) + " cannot be used as a class path entry: " + e.getMessage());
            }
        }
        this.loader = new URLClassLoader("overbook-plugins", urls, Plugins.class.getClassLoader());
        try {
            List<Path> providing = providerJars(jars);
            this.catalog = Catalog.discover(loader);
            List<String> all = new ArrayList<>(warnings);
            providing.stream().map(DeterminismScan::warning).flatMap(Optional::stream).forEach(all::add);
            this.warnings = List.copyOf(all);
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /** Returns the built-ins alone, no jar loaded. */
    public static Plugins none() {
        return new Plugins(List.of(), List.of());
    }

    /**
     * Loads the jars at {@code paths} (jars, or directories of jars).
     *
     * @throws ConfigurationException naming {@code --plugins} if a path is missing or not a jar, a provider fails or a name is taken twice
     */
    public static Plugins load(List<Path> paths) {
        List<String> warnings = new ArrayList<>();
        List<Path> jars = jars(paths, warnings);
        return new Plugins(jars, warnings);
    }

    /** Returns the paths of {@value #ENVIRONMENT}'s value ({@code null} or blank: none). */
    public static List<Path> fromEnvironment(String value) {
        List<Path> out = new ArrayList<>();
        if (value != null) {
            for (String part : value.split(File.pathSeparator)) {
                if (!part.isBlank()) {
                    out.add(Path.of(part.strip()));
                }
            }
        }
        return out;
    }

    /** Returns the jars loaded, in load order. */
    public List<Path> jars() {
        return jars;
    }

    /**
     * Returns what loaded but is likely a mistake, a line each, for the command to print before it runs (each names
     * the path or jar; none when the plug-ins look deterministic and every directory held a jar).
     */
    public List<String> warnings() {
        return warnings;
    }

    /** Returns the built-ins and every name the plug-ins register. */
    public Catalog catalog() {
        return catalog;
    }

    @Override
    public void close() {
        if (loader != null) {
            try {
                loader.close();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot close the plug-in class loader", e);
            }
        }
    }

    /**
     * Returns the jars that list a provider of a family in {@code META-INF/services}: the plug-ins' own code, not the
     * dependencies they ship (one jar of several may list none). Refuses jars none of which lists one: a jar without
     * the file (or with one named after another interface) would otherwise load without a word, and the scenario would
     * then find its names unknown.
     */
    private static List<Path> providerJars(List<Path> jars) {
        List<String> listed = new ArrayList<>();
        List<Path> providing = new ArrayList<>();
        for (Path jar : jars) {
            List<String> files = serviceFiles(jar);
            listed.addAll(files);
            if (files.stream().anyMatch(PROVIDER_NAMES::contains)) {
                providing.add(jar);
            }
        }
        if (!providing.isEmpty()) {
            return providing;
        }
        String names = jars.stream().map(jar -> jar.getFileName().toString()).collect(Collectors.joining(", "));
        throw new ConfigurationException("--plugins", names + (jars.size() == 1 ? " registers" : " register") + " nothing: "
                + (listed.isEmpty() ? "no META-INF/services file" : "META-INF/services has " + String.join(", ", listed)
                        + ", no provider interface") + "; accepted: META-INF/services/<provider interface> naming your class, the"
                + " interface one of " + String.join(", ", PROVIDER_NAMES));
    }

    /** Returns the names of the files in {@code jar}'s {@code META-INF/services}. */
    private static List<String> serviceFiles(Path jar) {
        String folder = "META-INF/services/";
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            return zip.stream().map(ZipEntry::getName)
                    .filter(name -> name.startsWith(folder) && name.length() > folder.length() && !name.endsWith("/"))
                    .map(name -> name.substring(folder.length())).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + jar, e);
        }
    }

    private static List<Path> jars(List<Path> paths, List<String> warnings) {
        Set<Path> out = new LinkedHashSet<>();
        for (Path path : paths) {
            if (path.toString().isEmpty()) {
                // the empty path is the working folder: loaded as such, it would be warned of as a folder of no jar
                throw new ConfigurationException("--plugins", "'' is an empty path; accepted: a .jar file or a directory of them");
            }
            if (Files.isDirectory(path)) {
                try (Stream<Path> entries = Files.list(path)) {
                    List<Path> inside = entries.filter(p -> p.getFileName().toString().endsWith(".jar") && Files.isRegularFile(p))
                            .sorted().toList();
                    inside.forEach(p -> out.add(readableJar(p)));
                    if (inside.isEmpty()) {
                        warnings.add(path + " is a directory that holds no .jar file, so nothing is loaded from it (classes"
                                + " are read from jars only: jar cf my-plugins.jar -C classes .)");
                    }
                } catch (IOException e) {
                    throw new ConfigurationException("--plugins", "cannot list the directory " + path + ": " + e.getMessage());
                }
            } else if (Files.isRegularFile(path)) {
                if (!path.getFileName().toString().endsWith(".jar")) {
                    throw new ConfigurationException("--plugins", path + " is not a jar; accepted: a .jar file or a directory of them");
                }
                out.add(readableJar(path));
            } else if (Files.exists(path)) {
                // a named pipe would make the zip reader wait for a writer
                throw new ConfigurationException("--plugins", path + " is not a regular file but a named pipe, a device or a"
                        + " socket; accepted: a .jar file or a directory of them");
            } else {
                throw new ConfigurationException("--plugins", path + " does not exist; accepted: a .jar file or a directory of them"
                        + " (also from " + ENVIRONMENT + ", separated by '" + File.pathSeparator + "')");
            }
        }
        return new ArrayList<>(out);
    }

    /**
     * Returns {@code jar}'s absolute path once it has opened as a zip archive: a class loader skips a file it cannot
     * read, so a damaged or mislabelled jar would otherwise contribute nothing, silently.
     */
    private static Path readableJar(Path jar) {
        try {
            new ZipFile(jar.toFile()).close();
            return jar.toAbsolutePath().normalize();
        } catch (IOException e) {
            throw new ConfigurationException("--plugins", jar + " is not a jar (" + e.getMessage()
                    + "); accepted: a .jar file or a directory of them");
        }
    }
}
