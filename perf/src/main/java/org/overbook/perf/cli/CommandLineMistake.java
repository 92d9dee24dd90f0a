package org.overbook.perf.cli;

import java.io.PrintWriter;
import org.overbook.guest.Quoted;
import org.overbook.guest.Suggestions;
import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Reports a command line picocli cannot read (an unknown option, {@code --threads abc}, a missing parameter) as a
 * configuration error is reported: one line naming the verb and what is wrong, then one line saying where the usage
 * is, exit code 2; never the whole usage, which would bury the line that matters. A value echoed back is cut as a
 * configuration error cuts it ({@link Quoted#line}).
 */
final class CommandLineMistake implements IParameterExceptionHandler {

    @Override
    public int handleParseException(ParameterException e, String[] args) {
        CommandLine command = e.getCommandLine();
        String verb = command.getCommandSpec().qualifiedName();
        PrintWriter err = command.getErr();
        err.println(verb + ": " + Quoted.line(e.getMessage()) + suggestion(e));
        err.println("try: " + verb + " --help");
        err.flush();
        return ErrorReporter.CONFIGURATION_ERROR;
    }

    /**
     * Returns the verb or option nearest a mistyped one, as the configuration errors give theirs: the nearest of
     * picocli's candidates, if near enough (picocli's own list goes as far as {@code reproduce} for {@code sweeep}).
     */
    private static String suggestion(ParameterException e) {
        if (e instanceof UnmatchedArgumentException unmatched && !unmatched.getUnmatched().isEmpty()) {
            return Suggestions.didYouMean(unmatched.getUnmatched().getFirst(), unmatched.getSuggestions());
        }
        return "";
    }
}
