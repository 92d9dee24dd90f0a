package org.overbook.perf.cli;

import org.overbook.guest.ConfigurationException;
import org.overbook.perf.scenario.ScenarioFile;
import picocli.CommandLine.Option;

/**
 * {@code --replications N}: how many times each point runs, each under its own seed, overriding the file's
 * {@code replications} (a picocli mixin).
 */
final class ReplicationsOption {

    @Option(names = "--replications", paramLabel = "N",
            description = "Runs each point N times under seeds derived from the scenario's (default: the file's replications, 1).")
    private Integer replications;

    /** Returns {@code file} with the option's replications, or {@code file} itself without the option. */
    ScenarioFile apply(ScenarioFile file) {
        if (replications == null) {
            return file;
        }
        if (replications < 1 || replications > ScenarioFile.MAX_REPLICATIONS) {
            throw new ConfigurationException("--replications", replications + "; accepted: a whole number from 1 to "
                    + ScenarioFile.MAX_REPLICATIONS);
        }
        return file.with("replications", String.valueOf(replications));
    }
}
