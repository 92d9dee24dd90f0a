package org.overbook.perf.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Every place a verdict is spelled (the terminal table, the Markdown table the README and {@code reproduce.md}
 * hold, {@code reproduce.csv}, the tally, {@code --strict}) names both failures of a figure that misses the paper's
 * band and its shape, and counts it as a failure.
 */
class ReproduceReportTest {

    private static final Preset PRESET = Presets.all().iterator().next();
    /** A bound the paper states ({@code < 1.05}) and its number: NetVM's write latency. */
    private static final Figure BOUND = new Figure("latency: on-demand / pinned", 1.05, Shape.below(1.05), m -> 0);

    private static List<Reproduction.PresetResult> results(double... models) {
        List<FigureResult> figures = Arrays.stream(models)
                .mapToObj(model -> new FigureResult(PRESET, BOUND, model, Optional.empty(), "")).toList();
        return List.of(new Reproduction.PresetResult(PRESET, Map.of(), List.of(), figures));
    }

    @Test
    void aFigureOutsideItsBandThatAlsoFailsItsShapeNamesBothEverywhere() {
        List<Reproduction.PresetResult> both = results(12.2);
        StringWriter terminal = new StringWriter();
        ReproduceReport.print(new PrintWriter(terminal, true), both);
        String[] row = terminal.toString().lines().skip(1).findFirst().orElseThrow().split(" {2,}");
        assertEquals("OUTSIDE and SHAPE FAILS", row[row.length - 1], terminal.toString());
        assertTrue(terminal.toString().contains("1 figure: 1 OUTSIDE and SHAPE FAILS"), terminal.toString());

        String markdown = ReproduceReport.table(both);
        assertTrue(markdown.contains("| 0.75-1.25x paper; < 1.05 | OUTSIDE and SHAPE FAILS |"), markdown);
        assertTrue(markdown.contains("1 figure: 1 OUTSIDE and SHAPE FAILS."), markdown);

        String csv = ReproduceReport.csv(both);
        assertTrue(csv.lines().skip(1).findFirst().orElseThrow().endsWith(",0.75-1.25x paper; < 1.05,outside-and-shape-fails"), csv);

        assertTrue(ReproduceReport.anyFails(both), "--strict counts it as a failure");
    }

    @Test
    void eachCheckThatFailsIsNamedAndOnlyThose() {
        List<Reproduction.PresetResult> each = results(1.0, 0.5, 1.1, 12.2);
        assertEquals(List.of(Verdict.WITHIN, Verdict.OUTSIDE, Verdict.SHAPE_FAILS, Verdict.OUTSIDE_AND_SHAPE_FAILS),
                each.getFirst().figures().stream().map(FigureResult::verdict).toList());
        assertEquals("4 figures: 1 within ±25 %, 1 OUTSIDE, 1 OUTSIDE and SHAPE FAILS, 1 SHAPE FAILS", ReproduceReport.tally(each));
        assertFalse(ReproduceReport.anyFails(results(1.0)), "within the band and the bound: nothing fails");
    }
}
