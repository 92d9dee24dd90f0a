package org.overbook.perf.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.run.LocalPointExecutor;
import org.overbook.perf.run.SwapArea;
import org.overbook.perf.scenario.ScenarioBuilder;

/**
 * The last line of a command whose runs kept their swap files ({@code host.keep-swap: true}): where they are, in the
 * results folder's {@value ResultsWriter#WORK} folder, which is hidden and would otherwise go unnoticed. The folders
 * an earlier command into the same results folder kept stay (those of an interrupted run's points, which a resumed run
 * reuses, among them); this command's are numbered on after them, and the line says how many are the earlier ones.
 */
final class KeptSwap {

    private final Path work;
    private final long earlier;

    private KeptSwap(Path work, long earlier) {
        this.work = work;
        this.earlier = earlier;
    }

    /** Notes, before a command into {@code folder} runs anything, which run folders an earlier command kept there. */
    static KeptSwap before(Path folder) {
        Path work = folder.resolve(ResultsWriter.WORK);
        return new KeptSwap(work, LocalPointExecutor.lastRun(work));
    }

    /** Prints where the kept swap files are, if the runs (this command's or an earlier one's) kept any; else nothing. */
    void print(PrintWriter out) {
        long[] runs;
        try {
            runs = LocalPointExecutor.runs(work);
        } catch (java.io.UncheckedIOException e) {
            return; // gone meanwhile: nothing to point at
        }
        if (runs.length == 0) {
            return;
        }
        long before = Arrays.stream(runs).filter(n -> n <= earlier).count();
        out.printf("swap kept (host.keep-swap): %s, one folder per simulation (%d folder%s, %d MiB%s)%n",
                work.toAbsolutePath().resolve("run-N").resolve(ScenarioBuilder.SERVER_HOST_DIRECTORY), runs.length,
                runs.length == 1 ? "" : "s", SwapArea.bytes(work) >> 20,
                before == 0 ? "" : "; " + (before == runs.length ? "all" : before + " of them, up to run-" + earlier + ",")
                        + " kept by an earlier command into this folder");
    }
}
