package org.overbook.perf.cli;

import org.overbook.guest.ConfigurationException;
import picocli.CommandLine.Option;

/**
 * {@code --resume}, of {@code run}, {@code sweep}, {@code density}, {@code reproduce} and {@code sensitivity} (a picocli
 * mixin): take up the interrupted run in {@code --out}.
 */
final class ResumeOption {

    private static final String OPTION = "--resume";

    @Option(names = OPTION, description = "Takes up the interrupted run in --out DIR: reuses every point it finished (the"
            + " same resolved scenario and seed, run by the same build) when the command asks for it, and runs the rest.")
    private boolean resume;

    /** Returns whether {@code --resume} was given. */
    boolean given() {
        return resume;
    }

    /**
     * Refuses {@code --resume} without {@code --out}: the default folder is a new one, so there would be nothing to take
     * up. Call before {@code output} hands out its folder.
     *
     * @throws ConfigurationException naming {@code --resume}
     */
    void check(OutputOption output) {
        if (resume && !output.given()) {
            throw new ConfigurationException(OPTION, "needs --out DIR, the results folder of the run to take up (without"
                    + " --out every run writes a new folder); accepted: --resume --out DIR");
        }
    }
}
