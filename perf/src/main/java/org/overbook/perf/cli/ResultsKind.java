package org.overbook.perf.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.overbook.guest.ConfigurationException;

/**
 * The kinds of results folder the verbs write, each known by the file that only it has at its top, so that {@code --out}
 * naming an earlier folder of another verb is refused rather than mixed with this one's: a run into a density search's
 * folder would replace its {@code report.md} and leave its {@code density.csv} and probes beside the run's summaries.
 * An earlier folder of the command's own kind is replaced, as the README says; a folder holding only files of the user's own
 * is written into, and those files stay.
 */
public enum ResultsKind {
    /** {@code run}, {@code sweep}, {@code serve} and {@code replay}: a folder of points and their summaries. */
    POINTS("summary.json", "overbook run, sweep, serve or replay"),
    DENSITY("density.csv", "overbook density"),
    REPRODUCTION("reproduce.md", "overbook reproduce"),
    SENSITIVITY("sensitivity.md", "overbook sensitivity");

    private final String marker;
    private final String writers;

    ResultsKind(String marker, String writers) {
        this.marker = marker;
        this.writers = writers;
    }

    /**
     * Refuses {@code folder} when it holds the results of another kind than this one.
     *
     * @throws ConfigurationException naming {@code option}, the folder, the file that marks it and the verb that wrote it
     */
    void requireNotAnother(Path folder, String option) {
        Optional<ResultsKind> other = List.of(values()).stream()
                .filter(kind -> kind != this && Files.isRegularFile(folder.resolve(kind.marker))).findFirst();
        if (other.isPresent()) {
            throw new ConfigurationException(option, "'" + folder + "' holds the results of " + other.get().writers + " ("
                    + other.get().marker + "), which this command's would be mixed with; accepted: a new folder, or an earlier"
                    + " results folder of " + writers + ", which this command replaces");
        }
    }
}
