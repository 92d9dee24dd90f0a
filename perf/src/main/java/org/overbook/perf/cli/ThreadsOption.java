package org.overbook.perf.cli;

import org.overbook.guest.ConfigurationException;
import picocli.CommandLine.Option;

/** {@code --threads N}: how many simulations run at once, each single-threaded (a picocli mixin). */
final class ThreadsOption {

    @Option(names = "--threads", paramLabel = "N", description = "Simulations at once (default: the number of cores).")
    private int threads = Runtime.getRuntime().availableProcessors();

    /** Returns the number of threads, refusing fewer than one. */
    int threads() {
        if (threads < 1) {
            throw new ConfigurationException("--threads", threads + "; accepted: 1 or more");
        }
        return threads;
    }
}
