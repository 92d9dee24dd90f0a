package org.overbook.perf.resume;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.overbook.perf.scenario.ScenarioFile;

/**
 * What wrote a folder's stored results: the command ({@code sweep}, {@code density}, ...) and the subjects its points
 * follow from, each a name and a digest of its resolved scenarios ({@code density.yaml 3f2a...}: a file; {@code esx
 * 9c01...}: a preset, at the size it ran). A command that asks for its points as it goes ({@code density},
 * {@code reproduce}, {@code sensitivity}) cannot tell up front whether a stored result is one of its points, as
 * {@code run} and {@code sweep} can; what wrote the store tells it instead, before it runs anything and so before it
 * would replace that store: another command, or none of the same subjects, and nothing stored would be asked for.
 *
 * <p>Kept beside the results ({@link PointStore}, written with the first of them) as a line per field, the command
 * first; a store of a build that kept none has no owner, and is taken up as it was before.
 */
public record StoreOwner(String command, List<String> subjects) {

    /** The commands whose points are the same for the same scenario file: either takes up the other's store. */
    private static final List<String> RUN_OR_SWEEP = List.of("run", "sweep");

    public StoreOwner {
        subjects = List.copyOf(subjects);
    }

    /** Returns the owner of a command ({@code run}, {@code density}) of one scenario file, {@code name}. */
    public static StoreOwner of(String command, String name, ScenarioFile file) {
        return new StoreOwner(command, List.of(subject(name, List.of(file))));
    }

    /** Returns the subject of scenario files named {@code name}, by the digest of their resolved YAML. */
    public static String subject(String name, List<ScenarioFile> files) {
        MessageDigest digest = BuildStamp.sha256();
        for (ScenarioFile file : files) {
            digest.update(file.yaml().getBytes(StandardCharsets.UTF_8));
            digest.update((byte) 0);
        }
        return name + " " + HexFormat.of().formatHex(digest.digest(), 0, 8);
    }

    /** Returns whether a command of this owner may take up the store {@code stored} wrote. */
    public boolean takesUp(StoreOwner stored) {
        return sameCommand(stored) && (RUN_OR_SWEEP.contains(command) || subjects.stream().anyMatch(stored.subjects::contains));
    }

    /** Returns whether {@code stored} is of this command (run and sweep count as one). */
    public boolean sameCommand(StoreOwner stored) {
        return command.equals(stored.command) || RUN_OR_SWEEP.contains(command) && RUN_OR_SWEEP.contains(stored.command);
    }

    /** Returns the owner's text, as the store keeps it. */
    String text() {
        return command + "\n" + String.join("\n", subjects) + "\n";
    }

    /** Returns the owner {@code text} records, or null if it records none (empty, or not an owner's). */
    static StoreOwner parse(String text) {
        List<String> lines = text.lines().filter(line -> !line.isBlank()).toList();
        return lines.isEmpty() || lines.getFirst().isBlank() ? null : new StoreOwner(lines.getFirst(), lines.subList(1, lines.size()));
    }
}
