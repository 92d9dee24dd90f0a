package org.overbook.perf.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import org.overbook.guest.ConfigurationException;
import org.overbook.perf.report.ResultsLock;
import picocli.CommandLine.Option;

/**
 * {@code --out DIR}, shared by every verb that writes results (a picocli mixin). The folder it hands out is the
 * command's alone ({@link ResultsLock}) until {@link Overbook}'s execution releases it when the command ends.
 */
public final class OutputOption {

    private static final String OPTION = "--out";

    @Option(names = OPTION, paramLabel = "DIR", description = "Results folder (default: a new folder under results/);"
            + " refused while another overbook process writes it.")
    private Path out;

    private ResultsLock lock;

    /**
     * Returns the folder given with {@code --out}, or a new one under {@code results/} named {@code name}-time, made
     * and claimed for this command.
     *
     * @throws ConfigurationException naming {@code --out} if it is empty, a file, or under a file, or if another
     *         overbook process is writing it: refused before anything runs, not once the run is over
     */
    public Path folder(String name) {
        if (lock == null) {
            lock = out != null ? ResultsLock.acquire(checked(out), OPTION) : claimDefault(name);
        }
        return lock.folder();
    }

    /**
     * Returns the folder as {@link #folder(String)} does, for a command whose results are of {@code kind}: a folder given
     * with {@code --out} that holds the results of another kind is refused before anything runs.
     *
     * @throws ConfigurationException naming {@code --out} as {@link #folder(String)} does, and when the folder holds
     *         another command's results
     */
    public Path folder(String name, ResultsKind kind) {
        if (lock == null && out != null) {
            kind.requireNotAnother(checked(out), OPTION);
        }
        return folder(name);
    }

    /**
     * Returns the name a command's default results folder takes from scenario file {@code file} ({@code default} for the
     * embedded scenario, null): the file's name without {@code .yaml}, each character but a letter, a digit, {@code .},
     * {@code _} and {@code -} made a {@code -}, so that no folder name holds a space.
     */
    public static String nameOf(Path file) {
        if (file == null) {
            return "default";
        }
        return file.getFileName().toString().replaceFirst("\\.ya?ml$", "").replaceAll("[^A-Za-z0-9._-]", "-");
    }

    /** Returns whether {@code --out} was given. */
    boolean given() {
        return out != null;
    }

    /**
     * Releases the folder (removing it if this command made it and wrote nothing); releasing twice does nothing. Called
     * for a command that ran to its end: one that returned because the process began to exit under it leaves its claim
     * to the interruption's hook ({@link Interruption}), which releases every claim and names the folders that hold
     * results.
     */
    void release() {
        if (lock != null) {
            lock.close();
        }
    }

    private static Path checked(Path out) {
        if (out.toString().isEmpty()) {
            throw new ConfigurationException(OPTION, "'' is empty; accepted: a folder to write the results into");
        }
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new ConfigurationException(OPTION, "'" + out + "' is a file, not a folder; accepted: a folder (made if missing)");
        }
        for (Path up = out.toAbsolutePath().getParent(); up != null; up = up.getParent()) {
            if (Files.exists(up)) {
                if (!Files.isDirectory(up)) {
                    throw new ConfigurationException(OPTION, "'" + out + "' is under '" + up + "', a file, so it cannot be made;"
                            + " accepted: a folder (made if missing)");
                }
                break;
            }
        }
        return out;
    }

    /**
     * Claims a new folder under {@code results/}, named from the scenario and the wall clock (never model code): the
     * first name that does not exist, or that another command started in the same second has not claimed.
     */
    private static ResultsLock claimDefault(String name) {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path base = Path.of("results", name + "-" + stamp);
        for (int i = 1; ; i++) {
            Path candidate = i == 1 ? base : Path.of(base + "-" + i);
            if (!Files.exists(candidate)) {
                try {
                    return ResultsLock.acquire(candidate, OPTION);
                } catch (ConfigurationException claimed) {
                    // another command made it between the look and the claim: the next name
                }
            }
        }
    }
}
