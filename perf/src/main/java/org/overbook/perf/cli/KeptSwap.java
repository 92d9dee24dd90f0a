package org.overbook.perf.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.run.SwapArea;
import org.overbook.perf.scenario.ScenarioBuilder;

/**
 * The last line of a command whose runs kept their swap files ({@code host.keep-swap: true}): where they are, in the
 * results folder's {@value ResultsWriter#WORK} folder, which is hidden and would otherwise go unnoticed.
 */
final class KeptSwap {

    private KeptSwap() {
    }

    /** Prints where the kept swap files under {@code folder} are, if the runs kept any; else nothing. */
    static void print(PrintWriter out, Path folder) {
        Path work = folder.resolve(ResultsWriter.WORK);
        if (!Files.isDirectory(work)) {
            return;
        }
        long runs;
        try (Stream<Path> folders = Files.list(work)) {
            runs = folders.filter(Files::isDirectory).count();
        } catch (java.io.IOException e) {
            return; // gone meanwhile: nothing to point at
        }
        out.printf("swap kept (host.keep-swap): %s, one folder per simulation (%d folder%s, %d MiB)%n",
                work.toAbsolutePath().resolve("run-N").resolve(ScenarioBuilder.SERVER_HOST_DIRECTORY), runs, runs == 1 ? "" : "s",
                SwapArea.bytes(work) >> 20);
    }
}
