package org.overbook.perf.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.overbook.perf.run.SwapArea;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code overbook clean}: removes the swap files of runs whose process is gone (killed with SIGKILL, or the
 * machine stopped), and says what it removed. Runs of live processes are left alone. Every run does the same
 * when it starts; this verb is for reclaiming the disk without starting one.
 */
@Command(name = "clean", mixinStandardHelpOptions = true,
        description = {"Removes the swap files of runs whose process is gone (killed with SIGKILL) and says what it removed.",
                "Swap files live under $" + SwapArea.ENVIRONMENT + ", else overbook-swap-USER in the temporary folder."})
final class CleanCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        SwapArea area = new SwapArea(SwapArea.defaultRoot());
        List<SwapArea.Removed> removed = area.removeStale();
        long bytes = 0;
        for (SwapArea.Removed r : removed) {
            out.printf("removed %s (%d MiB)%n", r.folder(), r.bytes() >> 20);
            bytes += r.bytes();
        }
        if (removed.isEmpty()) {
            out.printf("no stale swap files under %s%n", area.root());
        } else {
            out.printf("%d stale swap folder(s) removed under %s, %d MiB freed%n", removed.size(), area.root(), bytes >> 20);
        }
        out.flush();
        return 0;
    }
}
