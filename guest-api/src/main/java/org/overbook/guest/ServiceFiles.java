package org.overbook.guest;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLConnection;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.List;
import java.util.Optional;
import java.util.jar.JarFile;
import java.util.regex.Pattern;

/**
 * Reads plug-in jars' {@code META-INF/services} files for an error's sake: which jar lists the provider an error is
 * about, and what classes that jar holds, so that a provider that cannot be loaded is named with its jar, and a
 * misspelt one with the class it was likely meant to be.
 */
final class ServiceFiles {

    private ServiceFiles() {
    }

    /**
     * Returns the service file of {@code service} that lists the provider {@code errorMessage} is about: the message
     * names the class with dots (a {@link java.util.ServiceConfigurationError}) or slashes (a {@link LinkageError}), in
     * full (a provider {@code Foo} of one jar is not what an error about {@code FooBar} of another is about).
     */
    static Optional<URL> listing(String errorMessage, Class<?> service, ClassLoader loader) {
        String message = String.valueOf(errorMessage).replace('/', '.');
        try {
            Enumeration<URL> files = loader.getResources("META-INF/services/" + service.getName());
            while (files.hasMoreElements()) {
                URL file = files.nextElement();
                try (BufferedReader reader = new BufferedReader(new InputStreamReader(file.openStream(), StandardCharsets.UTF_8))) {
                    for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                        String provider = line.replaceFirst("#.*", "").strip();
                        if (!provider.isEmpty() && names(message, provider)) {
                            return Optional.of(file);
                        }
                    }
                }
            }
        } catch (IOException e) {
            // fall through: the error still names the class
        }
        return Optional.empty();
    }

    /**
     * Returns whether {@code message} names {@code provider} itself, not a class whose name merely holds it: neither
     * {@code com.x.FooBar} nor {@code com.x.Foo$Inner} nor {@code org.com.x.Foo} names {@code com.x.Foo}. A full stop
     * ends a name unless a name's character follows it.
     */
    private static boolean names(String message, String provider) {
        return Pattern.compile("(?<![\\w.$])" + Pattern.quote(provider) + "(?![\\w$]|\\.[\\w$])").matcher(message).find();
    }

    /** Returns the classes of the jar that holds {@code file}, by name; none if it is not in a jar or cannot be read. */
    static List<String> classesBeside(URL file) {
        try {
            URLConnection connection = file.openConnection();
            if (!(connection instanceof JarURLConnection jar)) {
                return List.of();
            }
            jar.setUseCaches(false);
            try (JarFile archive = jar.getJarFile()) {
                return archive.stream().map(entry -> entry.getName())
                        .filter(name -> name.endsWith(".class") && !name.endsWith("module-info.class"))
                        .map(name -> name.substring(0, name.length() - ".class".length()).replace('/', '.'))
                        .sorted().toList();
            }
        } catch (IOException e) {
            return List.of();
        }
    }

    /** Returns the file name of the jar (or file) {@code url} points into. */
    static String fileName(URL url) {
        String text = url.toString();
        if (text.startsWith("jar:")) {
            text = text.substring(4, text.indexOf("!/") < 0 ? text.length() : text.indexOf("!/"));
        }
        try {
            return Path.of(new java.net.URI(text)).getFileName().toString();
        } catch (URISyntaxException | IllegalArgumentException | FileSystemNotFoundException e) {
            return text;
        }
    }
}
