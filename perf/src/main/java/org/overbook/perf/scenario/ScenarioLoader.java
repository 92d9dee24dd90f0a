package org.overbook.perf.scenario;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Objects;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.WorkloadRegistry;
import org.overbook.perf.plugin.Catalog;

/**
 * Loads scenario files: reads the YAML, merges it over the reference file of defaults, expands its sweep
 * and validates every point before anything runs.
 *
 * <h2>Design</h2>
 * After Caffeine's simulator [1]: one reference file ({@code reference.yaml}, beside this class) holds
 * every default with a comment naming its meaning and source, and a user's file overrides only what it
 * names (a deep merge, {@link YamlTrees}). The merged tree is read by typed readers into immutable
 * records ({@link Scenario}) and never leaves the package; the readers hold no defaults of their own, so
 * the reference is the only place a default lives, and a test checks it against the domain records'
 * defaults ({@code CostModel.defaults()}, {@code NicCosts.defaults()}, {@code NicConfig.of},
 * {@code LinkConfig.fdr()}, {@code HostConfig}, {@code BalloonConfig.defaults()}) so the two cannot drift.
 *
 * <p>Validation happens in three layers, each error naming the field path as the file writes it, the
 * value, and what is accepted: the readers check fields, types and units ({@link Section}); the domain
 * records check ranges and names with their own {@code validate} methods; {@link ScenarioChecks} adds
 * what needs the whole scenario. Each workload is created once from its parameters, so a misspelt
 * parameter fails here too. A sweep is a list of values per field path; its points are the cross
 * product ({@link SweepExpander}).
 *
 * <p>Left out: includes of one file by another, and environment variables in values.
 *
 * <p>[1] ben-manes/caffeine, {@code simulator/src/main/resources/reference.conf} and {@code BasicSettings}.
 */
public final class ScenarioLoader {

    /** The embedded reference file of defaults. */
    public static final String REFERENCE = "reference.yaml";
    /** The embedded default scenario, what {@code overbook run} runs without a file. */
    public static final String DEFAULT = "default.yaml";

    /** The most bytes a scenario file's characters take in UTF-8: four each at most. */
    private static final int MAX_BYTES = 4 * YamlTrees.MAX_CHARACTERS;

    private final Catalog registry;
    private final ObjectNode reference;

    /** Returns a loader that knows the names of {@code catalog}: workloads and policies, built-in and plug-in. */
    public ScenarioLoader(Catalog catalog) {
        this.registry = Objects.requireNonNull(catalog, "catalog");
        this.reference = YamlTrees.parse(YamlTrees.resource(REFERENCE), REFERENCE);
    }

    /** Returns a loader that knows the workloads of {@code registry} and the built-in policies. */
    public ScenarioLoader(WorkloadRegistry registry) {
        this(Catalog.builtIn().withWorkloads(registry));
    }

    /** Returns a loader that knows every workload on the class path and the built-in policies. */
    public static ScenarioLoader standard() {
        return new ScenarioLoader(Catalog.builtIn());
    }

    /** Returns the names this loader knows (workloads and policies), what a runner and a builder resolve them in. */
    public Catalog registry() {
        return registry;
    }

    /**
     * Loads the scenario file at {@code file}.
     *
     * @throws ConfigurationException if it cannot be read or names a field, type, unit, name or value that is wrong
     */
    public ScenarioFile load(Path file) {
        return parse(read(file), file.toString());
    }

    /**
     * Reads a scenario file's text, saying in words why it cannot be read (the JDK's message is often the path alone). A
     * file that is not a regular file (a named pipe, a device, a socket) is refused before it is opened: opening a pipe
     * waits for a writer, forever if none comes, and a device may never end ({@code /dev/zero}). Standard input is no
     * scenario. It reads no more than a scenario can hold, so that a huge file is refused once that much has come.
     */
    private static String read(Path file) {
        if (file.toString().isEmpty()) {
            // the empty path is the working folder: it would be refused as "it is a folder", under an empty name
            throw new ConfigurationException("FILE", "'' is an empty path; accepted: a readable YAML file, UTF-8 text");
        }
        String why;
        boolean folder = Files.isDirectory(file);
        boolean other = !folder && Files.exists(file) && !Files.isRegularFile(file);
        try (InputStream in = folder || other ? null : Files.newInputStream(file)) {
            if (folder) {
                why = "it is a folder";
            } else if (other) {
                why = "it is not a regular file but a named pipe, a device or a socket, which is not read (a pipe would wait"
                        + " for a writer); save the scenario to a file";
            } else {
                byte[] bytes = in.readNBytes(MAX_BYTES + 1);
                if (bytes.length <= MAX_BYTES) {
                    return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
                }
                why = "it has more than " + MAX_BYTES + " bytes, and a scenario has at most " + YamlTrees.MAX_CHARACTERS
                        + " characters";
            }
        } catch (NoSuchFileException e) {
            why = "no such file";
        } catch (AccessDeniedException e) {
            why = "permission denied";
        } catch (CharacterCodingException e) {
            why = "it is not UTF-8 text (a binary file?)";
        } catch (IOException e) {
            why = e.getMessage();
        }
        throw new ConfigurationException(file.toString(), "cannot read the scenario file: " + why
                + "; accepted: a readable YAML file, UTF-8 text");
    }

    /** An empty file is most likely a mistake (a wrong path, a file not yet saved), so it is refused rather than run as the defaults. */
    private static void requireContent(String yaml, String source) {
        if (yaml.lines().map(line -> line.replaceFirst("#.*", "").strip()).allMatch(String::isEmpty)) {
            throw new ConfigurationException(source, "the scenario is empty; accepted: a scenario naming at least one field "
                    + "(every field it leaves out takes its default from the reference file; docs/COST-MODEL.md lists them)");
        }
    }

    /**
     * Loads a scenario from YAML text; {@code source} names it in errors.
     *
     * @throws ConfigurationException naming the first field at fault
     */
    public ScenarioFile parse(String yaml, String source) {
        requireContent(yaml, source);
        return new ScenarioFile(source, YamlTrees.merge(reference, YamlTrees.parse(yaml, source)), registry);
    }

    /**
     * Loads a scenario from YAML text with a second text merged over it the way the scenario merges over the
     * reference (sections field by field, a value or a list replaced whole; a sweep axis of the same key
     * replaced): a reduced variant of a scenario that names only what it reduces.
     *
     * @throws ConfigurationException naming the first field at fault
     */
    public ScenarioFile parse(String yaml, String overlay, String source) {
        requireContent(yaml, source);
        return new ScenarioFile(source, YamlTrees.merge(YamlTrees.merge(reference, YamlTrees.parse(yaml, source)),
                YamlTrees.parse(overlay, source)), registry);
    }

    /** Loads the embedded default scenario: 1 to 6 memcached tenants of 60 MiB on 128 MiB of RAM, pin-all against on-demand. */
    public ScenarioFile defaultScenario() {
        return parse(defaultText(), DEFAULT);
    }

    /** Loads the reference file alone: every default, nothing overridden. */
    public ScenarioFile reference() {
        return new ScenarioFile(REFERENCE, reference.deepCopy(), registry);
    }

    /** Returns the reference file's text, comments and all (for {@code overbook list} and documentation). */
    public static String referenceText() {
        return YamlTrees.resource(REFERENCE);
    }

    /** Returns the embedded default scenario's text. */
    public static String defaultText() {
        return YamlTrees.resource(DEFAULT);
    }
}
