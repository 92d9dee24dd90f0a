package org.overbook.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Removes the temporary directories this module makes: an executor's run, the driver's jars, a cluster's logs. */
final class Directories {

    private Directories() {
    }

    /** Deletes {@code directory} and everything under it; nothing if it is gone already. */
    static void deleteTree(Path directory) throws IOException {
        if (Files.notExists(directory)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
