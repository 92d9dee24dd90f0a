package org.overbook.perf.reproduce;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;

/**
 * One scenario of a preset: an embedded YAML file ({@code <resource>.yaml} beside this class, its header
 * citing the paper and explaining the set-up) and its reduced variant ({@code <resource>.quick.yaml}, an
 * overlay merged over it that names only what it shrinks: durations, memories, counts).
 *
 * @param name     the experiment's name within its preset; a preset of several experiments gives each a
 *                 results sub-folder of this name
 * @param resource the base name of its two resources
 */
public record Experiment(String name, String resource) {

    /** Suffix of the full scenario. */
    static final String FULL = ".yaml";
    /** Suffix of the overlay that reduces it. */
    static final String QUICK = ".quick.yaml";
    /** How every experiment's {@link #source} begins, and so the {@code source} of a reproduction's summaries. */
    static final String SOURCE_PREFIX = "reproduce/";

    public Experiment {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(resource, "resource");
    }

    /** Loads the scenario, reduced by its quick overlay when {@code quick}; fails naming the field at fault. */
    ScenarioFile load(ScenarioLoader loader, boolean quick) {
        String full = text(resource + FULL);
        return quick ? loader.parse(full, text(resource + QUICK), source(true)) : loader.parse(full, source(false));
    }

    /** Returns how results and errors name the scenario: {@code reproduce/netvm.yaml}, with its overlay if quick. */
    String source(boolean quick) {
        return SOURCE_PREFIX + resource + FULL + (quick ? " + " + resource + QUICK : "");
    }

    /** Returns the text of an embedded resource of this package. */
    static String text(String name) {
        try (InputStream in = Experiment.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing embedded preset scenario " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read embedded preset scenario " + name, e);
        }
    }
}
