package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A text pinned in a test resource, rewritten only when asked ({@value #UPDATE}{@code =1}), as GoldenSummaryTest
 * pins a summary: the test then still fails once, to show what changed, and the change is reviewed with
 * {@code git diff} and committed with its reason.
 */
final class Golden {

    static final String UPDATE = "OVERBOOK_UPDATE_GOLDEN";

    private Golden() {
    }

    /** Fails unless {@code actual} equals the resource {@code resource}, naming the first differing line. */
    static void check(String resource, String actual, String test) {
        String golden = read(resource);
        if (actual.equals(golden)) {
            return;
        }
        String update = "";
        if (System.getenv(UPDATE) != null) {
            Path source = Path.of("src/test/resources").resolve(resource);
            write(source, actual);
            update = "rewrote " + source.toAbsolutePath() + "; review it with git diff and commit it with the reason. ";
        }
        fail(resource + " differs: " + firstDifference(golden, actual) + ". " + update + "If the change is intended: "
                + UPDATE + "=1 ./build test -pl perf -am -Dtest=" + test + " -Dsurefire.failIfNoSpecifiedTests=false");
    }

    /** Returns the first line that differs between {@code expected} and {@code actual}. */
    static String firstDifference(String expected, String actual) {
        List<String> e = expected.lines().toList();
        List<String> a = actual.lines().toList();
        for (int i = 0; i < Math.max(e.size(), a.size()); i++) {
            String want = i < e.size() ? e.get(i) : "(nothing)";
            String got = i < a.size() ? a.get(i) : "(nothing)";
            if (!want.equals(got)) {
                return "line " + (i + 1) + ": expected '" + want + "', got '" + got + "'";
            }
        }
        return "they differ only in line endings";
    }

    private static String read(String resource) {
        try (InputStream in = Golden.class.getClassLoader().getResourceAsStream(resource)) {
            return in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
