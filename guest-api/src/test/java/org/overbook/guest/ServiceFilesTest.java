package org.overbook.guest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The service file an error is about is the one listing the very class the error names: a provider whose name is the
 * start of another's ({@code Foo}, {@code FooBar}) does not claim the other's error.
 */
class ServiceFilesTest {

    @TempDir
    Path directory;

    /** Returns the folder (a class path entry, as a jar is) of the service file that {@code message} is matched to. */
    private String listing(String message) throws IOException {
        URL[] path = {entry("short", "com.example.Foo"), entry("long", "com.example.FooBar")};
        try (URLClassLoader loader = new URLClassLoader(path, null)) {
            Optional<URL> file = ServiceFiles.listing(message, Runnable.class, loader);
            return file.map(url -> Path.of(url.getPath()).getParent().getParent().getParent().getFileName().toString())
                    .orElse("none");
        }
    }

    private URL entry(String name, String provider) throws IOException {
        Path services = Files.createDirectories(directory.resolve(name).resolve("META-INF/services"));
        Files.writeString(services.resolve(Runnable.class.getName()), "# a comment\n" + provider + "\n");
        return directory.resolve(name).toUri().toURL();
    }

    @Test
    void aProviderWhoseNameStartsAnothersDoesNotClaimItsError() throws IOException {
        assertEquals("long", listing("java.lang.Runnable: Provider com.example.FooBar not found"));
        assertEquals("long", listing("com/example/FooBar (wrong name: com/example/Other)"), "a LinkageError writes slashes");
    }

    @Test
    void theProviderNamedIsFoundWhereverTheMessageNamesIt() throws IOException {
        assertEquals("short", listing("java.lang.Runnable: Provider com.example.Foo not found"));
        assertEquals("short", listing("com/example/Foo"));
        assertEquals("short", listing("Could not initialize class com.example.Foo."), "a full stop ends the name");
    }

    @Test
    void aNestedClassOrAnotherPackageIsNotTheProvider() throws IOException {
        assertEquals("none", listing("java.lang.Runnable: Provider com.example.Foo$Inner not found"));
        assertEquals("none", listing("java.lang.Runnable: Provider org.com.example.Foo not found"));
    }
}
