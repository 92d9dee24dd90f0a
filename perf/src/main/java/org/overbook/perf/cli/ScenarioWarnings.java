package org.overbook.perf.cli;

import java.io.PrintWriter;
import org.overbook.guest.Quoted;
import org.overbook.perf.scenario.ScenarioFile;

/**
 * Prints what a user's scenario file writes that is valid but most likely not meant ({@link ScenarioFile#warnings()},
 * such as {@code memory: 64MB}, 61.0 MiB), a line each on standard error, before the command goes on: every verb that
 * loads a user's file, {@code serve} (in the live module) too, and {@code replay} of the scenario a session log keeps.
 */
public final class ScenarioWarnings {

    private ScenarioWarnings() {
    }

    /** Prints {@code file}'s warnings on {@code err} and returns {@code file}. */
    public static ScenarioFile printed(ScenarioFile file, PrintWriter err) {
        for (String warning : file.warnings()) {
            err.println("overbook: warning: " + Quoted.line(warning));
        }
        err.flush();
        return file;
    }
}
