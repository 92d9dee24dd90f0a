package org.overbook.perf.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.overbook.perf.report.PointFigures;
import org.overbook.perf.report.ResultsFolder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code overbook show DIR}: prints a results folder's finding, its table per point and what saturated, and for a
 * replicated run each point's mean ± half-width, from its {@code summary.json}, without running anything. Exit 0; 2
 * when DIR is not a results folder; 1 when the folder records a data-integrity mismatch, as the run that wrote it did.
 */
@Command(name = "show", mixinStandardHelpOptions = true,
        description = {"Prints a results folder's finding and tables again, without re-running.",
                "Reads DIR/summary.json, as written by run or sweep."})
final class ShowCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "A results folder (holding summary.json).")
    private Path folder;

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        ResultsFolder results = ResultsFolder.read(folder, "DIR");
        if (!results.incomplete().isEmpty()) {
            stdout.printf("INCOMPLETE: %s; this run was interrupted, ended by a failure, or is still going.%n", results.incomplete());
        }
        stdout.printf("%s: %d point%s of %s%n", folder, results.points().size(), results.points().size() == 1 ? "" : "s",
                results.source());
        SummaryTable.printAll(stdout, results.points(), "");
        IntervalTable.print(stdout, results.points());
        stdout.flush();
        long mismatches = results.points().stream().mapToLong(PointFigures::mismatches).sum();
        return mismatches > 0 ? ErrorReporter.FAILURE : 0;
    }
}
