package org.overbook.live.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import org.overbook.guest.ConfigurationException;
import java.util.concurrent.Callable;
import org.overbook.live.session.Replay;
import org.overbook.perf.cli.OutputOption;
import org.overbook.perf.cli.ResultsKind;
import org.overbook.perf.cli.ScenarioWarnings;
import org.overbook.perf.cli.Subcommand;
import org.overbook.perf.cli.SummaryTable;
import org.overbook.perf.run.TimedResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code overbook replay LOG [--out DIR]}: runs a recorded live session again, deterministically and as fast as the
 * simulation goes, to a results folder byte for byte the session's (but {@code timing.txt}). The session's scenario
 * says again what serve said of it first ({@link ScenarioWarnings}: a memory in MB). Exit 0; 2 if the log cannot be read.
 */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = {"Runs a session recorded by `overbook serve` again, deterministically.",
                "No sockets and no wall clock: every request at the virtual time it arrived.",
                "The results folder is the session's, byte for byte (all but timing.txt)."})
public final class ReplayCommand implements Callable<Integer>, Subcommand {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "LOG", description = "The session log (session.log in a serve results folder).")
    private Path log;

    @Mixin
    private OutputOption output;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (log.toString().isEmpty()) {
            // the empty path is the working folder: it would be refused as a directory, under an empty name
            throw new ConfigurationException("LOG", "'' is an empty path; accepted: a session log (session.log in a serve"
                    + " results folder)");
        }
        Replay replay = Replay.of(log);
        ScenarioWarnings.printed(replay.scenario(), spec.commandLine().getErr());
        // claimed once the log is read: a log refused leaves no folder behind
        Path folder = output.folder("replay", ResultsKind.POINTS);
        TimedResult result = replay.run(folder);
        SummaryTable.print(out, result);
        out.printf("%nresults: %s%n", folder.toAbsolutePath());
        out.flush();
        return 0;
    }
}
