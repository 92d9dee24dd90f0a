package org.overbook.perf.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import picocli.CommandLine.Option;

/** {@code --out DIR}, shared by every verb that writes results (a picocli mixin). */
public final class OutputOption {

    @Option(names = "--out", paramLabel = "DIR", description = "Results folder (default: a new folder under results/).")
    private Path out;

    /** Returns the folder given with {@code --out}, or a new one under {@code results/} named {@code name}-time. */
    public Path folder(String name) {
        return out != null ? out : defaultFolder(name);
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
