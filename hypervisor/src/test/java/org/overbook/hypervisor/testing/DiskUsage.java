package org.overbook.hypervisor.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * What files really take on disk: allocated blocks as {@code stat} reports them ({@code %b} blocks of
 * {@code %B} bytes), not their apparent length, which a sparse file overstates. The JDK has no portable
 * attribute for it, so this asks coreutils' {@code stat}, as {@code du} would.
 */
public final class DiskUsage {

    private DiskUsage() {
    }

    /** Returns the bytes allocated to every regular file under {@code root} (0 if there is none). */
    public static long allocatedBytes(Path root) {
        List<String> files = new ArrayList<>();
        try (Stream<Path> paths = Files.exists(root) ? Files.walk(root) : Stream.empty()) {
            paths.filter(Files::isRegularFile).forEach(p -> files.add(p.toString()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (files.isEmpty()) {
            return 0;
        }
        List<String> command = new ArrayList<>(List.of("stat", "-c", "%b %B"));
        command.addAll(files);
        try {
            Process stat = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(stat.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (stat.waitFor() != 0) {
                throw new IllegalStateException("stat failed: " + out);
            }
            long bytes = 0;
            for (String line : out.strip().split("\n")) {
                String[] fields = line.strip().split(" ");
                bytes += Long.parseLong(fields[0]) * Long.parseLong(fields[1]);
            }
            return bytes;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
