package org.overbook.perf.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import org.overbook.guest.ConfigurationException;
import picocli.CommandLine.Option;

/** {@code --out DIR}, shared by every verb that writes results (a picocli mixin). */
public final class OutputOption {

    @Option(names = "--out", paramLabel = "DIR", description = "Results folder (default: a new folder under results/).")
    private Path out;

    /**
     * Returns the folder given with {@code --out}, or a new one under {@code results/} named {@code name}-time.
     *
     * @throws ConfigurationException naming {@code --out} if it is empty, a file, or under a file: refused before
     *         anything runs, not once the run is over
     */
    public Path folder(String name) {
        return out != null ? checked(out) : defaultFolder(name);
    }

    private static Path checked(Path out) {
        if (out.toString().isEmpty()) {
            throw new ConfigurationException("--out", "'' is empty; accepted: a folder to write the results into");
        }
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new ConfigurationException("--out", "'" + out + "' is a file, not a folder; accepted: a folder (made if missing)");
        }
        for (Path up = out.toAbsolutePath().getParent(); up != null; up = up.getParent()) {
            if (Files.exists(up)) {
                if (!Files.isDirectory(up)) {
                    throw new ConfigurationException("--out", "'" + out + "' is under '" + up + "', a file, so it cannot be made;"
                            + " accepted: a folder (made if missing)");
                }
                break;
            }
        }
        return out;
    }

    /** A new folder under {@code results/}, named from the scenario and the wall clock (never model code). */
    private static Path defaultFolder(String name) {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path base = Path.of("results", name + "-" + stamp);
        Path candidate = base;
        for (int i = 2; Files.exists(candidate); i++) {
            candidate = Path.of(base + "-" + i);
        }
        return candidate;
    }
}
