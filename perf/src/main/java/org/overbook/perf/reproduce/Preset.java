package org.overbook.perf.reproduce;

import java.util.List;
import java.util.Objects;

/**
 * A headline experiment of one of the papers (docs/ARCHITECTURE.md, "Headline results"), ready to re-run: the
 * scenarios that set it up and the figures that compare the model with the paper.
 *
 * @param name        the name {@code overbook reproduce} takes
 * @param title       one line for {@code overbook list}
 * @param source      the paper, as cited
 * @param claim       the paper's claim, in docs/ARCHITECTURE.md's words
 * @param experiments the scenarios, each run whole (every point of its sweep)
 * @param figures     the numbers compared with the paper, computed from the experiments' points
 */
public record Preset(String name, String title, String source, String claim, List<Experiment> experiments,
                     List<Figure> figures) {

    public Preset {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(claim, "claim");
        experiments = List.copyOf(experiments);
        figures = List.copyOf(figures);
        if (experiments.isEmpty() || figures.isEmpty()) {
            throw new IllegalArgumentException(name + ": a preset needs an experiment and a figure");
        }
    }

    /** Returns a preset of one experiment named and embedded as the preset itself ({@code <name>.yaml}). */
    static Preset of(String name, String title, String source, String claim, List<Figure> figures) {
        return new Preset(name, title, source, claim, List.of(new Experiment(name, name)), figures);
    }
}
