package org.overbook.perf.cli;

import java.util.ServiceLoader;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;

/** The {@code overbook} command: the entry point of the launcher script. */
@Command(name = "overbook", mixinStandardHelpOptions = true, version = "overbook 0.1.0",
        description = "Models a multi-tenant host with overcommitted guest memory and a NIC that takes page faults on DMA.",
        footer = {"", "The launcher script adds three verbs of its own:",
                "  bench [REGEX]       JMH benchmarks (bench --help lists JMH's options)",
                "  probe NAME [ARGS]   a speed probe (probe --help names them)",
                "  spark-cluster [N]   a Spark cluster of N workers on loopback, for --master"},
        subcommands = {RunCommand.class, SweepCommand.class, ShowCommand.class, CompareCommand.class, DensityCommand.class, ReproduceCommand.class, SensitivityCommand.class, ListCommand.class, DemoCommand.class, CleanCommand.class, CommandLine.HelpCommand.class})
public final class Overbook {

    public static void main(String[] args) {
        Interruption interruption = Interruption.install(System.err);
        int code;
        try {
            code = commandLine(interruption).execute(args);
        } catch (Error e) {
            // the handler takes exceptions; an error (a plug-in's, or out of memory) ends the command with its line too
            code = ErrorReporter.report(e, System.err);
        } finally {
            interruption.finished(); // a command line refused before any command ran claimed nothing
        }
        System.exit(code);
    }

    /**
     * Returns the command line with Overbook's error handling: a clear message and exit code, never a stack trace.
     * Verbs of other modules on the class path ({@link Subcommand}) are added before the handlers are set, so they cover them.
     */
    public static CommandLine commandLine() {
        return commandLine(new Interruption());
    }

    /** Returns the command line, whose command tells {@code interruption} when it has returned. */
    static CommandLine commandLine(Interruption interruption) {
        CommandLine commandLine = new CommandLine(new Overbook());
        for (Subcommand verb : ServiceLoader.load(Subcommand.class)) {
            commandLine.addSubcommand(verb);
        }
        commandLine.setExecutionExceptionHandler(new ErrorReporter());
        commandLine.setParameterExceptionHandler(new CommandLineMistake());
        commandLine.setExecutionStrategy(parseResult -> executeReleasingFolders(parseResult, interruption));
        return commandLine;
    }

    /**
     * Runs the command asked for, then, however it ended, releases the results folders its {@code --out} claimed: unless
     * it returned because the process began to exit under it, when the interruption's hook releases them and names those
     * holding results ({@link Interruption#finished(Runnable)} decides, in step with the hook).
     */
    private static int executeReleasingFolders(ParseResult parseResult, Interruption interruption) {
        try {
            return new CommandLine.RunLast().execute(parseResult);
        } finally {
            interruption.finished(() -> releaseFolders(parseResult));
        }
    }

    private static void releaseFolders(ParseResult parseResult) {
        for (CommandLine command : parseResult.asCommandLineList()) {
            for (CommandSpec mixin : command.getCommandSpec().mixins().values()) {
                if (mixin.userObject() instanceof OutputOption output) {
                    output.release();
                }
            }
        }
    }
}
