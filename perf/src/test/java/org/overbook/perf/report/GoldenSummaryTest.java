package org.overbook.perf.report;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;

/**
 * The golden regression: the whole {@code summary.csv} of a small scenario ({@link SmallScenarios#MEMCACHED}, two
 * memcached tenants at 1.5x overcommit, seed 7) pinned byte for byte in {@value #GOLDEN}, so that no change to
 * any result, however small, goes unnoticed.
 *
 * <p><b>Updating it.</b> A change meant to change results (the model, a default, a column) updates the golden
 * file in the same commit, with the reason in the commit message: run
 * <pre>
 *   OVERBOOK_UPDATE_GOLDEN=1 ./build test -pl perf -am -Dtest=GoldenSummaryTest -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 * which rewrites {@code perf/src/test/resources/}{@value #GOLDEN} from the current code (and still fails, to show
 * what changed), then review the difference with {@code git diff} before committing it. A change not meant to
 * change results must leave this test green. The file is a pure function of the scenario and seed on a machine
 * with 4 KiB pages ({@code host_swap_peak_bytes} is the swap store's length on disk).
 */
class GoldenSummaryTest {

    static final String GOLDEN = "org/overbook/perf/report/golden-small-memcached-summary.csv";
    private static final String UPDATE = "OVERBOOK_UPDATE_GOLDEN";

    @TempDir
    Path directory;

    @Test
    void theSmallScenariosSummaryIsTheGoldenOneByteForByte() throws IOException {
        ScenarioLoader loader = ScenarioLoader.standard();
        ScenarioFile file = loader.parse(SmallScenarios.MEMCACHED, "small.yaml");
        Runner runner = Runner.standard(loader.registry());
        new ResultsWriter(directory).write(file.source(), List.of(runner.run(file.points().getFirst(), directory)));
        String actual = Files.readString(directory.resolve(ResultsWriter.SUMMARY_CSV));
        String golden = golden();
        if (actual.equals(golden)) {
            return;
        }
        String update = "";
        if (System.getenv(UPDATE) != null) {
            Path source = Path.of("src/test/resources").resolve(GOLDEN);
            Files.writeString(source, actual);
            update = "rewrote " + source.toAbsolutePath() + "; review it with git diff and commit it with the reason. ";
        }
        fail("summary.csv of SmallScenarios.MEMCACHED differs from the golden file " + GOLDEN + ": " + firstDifference(golden, actual)
                + ". " + update + "If the change to results is intended, update the golden file: " + UPDATE
                + "=1 ./build test -pl perf -am -Dtest=GoldenSummaryTest -Dsurefire.failIfNoSpecifiedTests=false,"
                + " then commit it with the reason in the commit message.");
    }

    private static String golden() throws IOException {
        try (InputStream in = GoldenSummaryTest.class.getClassLoader().getResourceAsStream(GOLDEN)) {
            return in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Returns the first line that differs, column by column where both have it. */
    static String firstDifference(String expected, String actual) {
        List<String> e = expected.lines().toList();
        List<String> a = actual.lines().toList();
        if (e.isEmpty()) {
            return "there is no golden file";
        }
        List<String> header = List.of(a.isEmpty() ? new String[0] : a.getFirst().split(",", -1));
        for (int i = 0; i < Math.max(e.size(), a.size()); i++) {
            if (i >= e.size() || i >= a.size()) {
                return "the golden file has " + e.size() + " lines, the run " + a.size();
            }
            if (!e.get(i).equals(a.get(i))) {
                String[] ec = e.get(i).split(",", -1);
                String[] ac = a.get(i).split(",", -1);
                StringBuilder out = new StringBuilder("line " + (i + 1) + " differs:");
                for (int c = 0; c < Math.max(ec.length, ac.length); c++) {
                    String was = c < ec.length ? ec[c] : "(none)";
                    String now = c < ac.length ? ac[c] : "(none)";
                    if (!was.equals(now)) {
                        out.append(' ').append(c < header.size() ? header.get(c) : "column " + (c + 1)).append(" was ")
                                .append(was).append(", is ").append(now).append(';');
                    }
                }
                return out.toString();
            }
        }
        return "line endings differ";
    }
}
