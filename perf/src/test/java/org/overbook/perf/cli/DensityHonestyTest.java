package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.report.DensityWriter;
import org.overbook.perf.report.ResultsWriter;

/**
 * The density must-show, at the ready scenario's own scale (scenarios/density.yaml, 64 MiB of RAM; the README runs
 * the same at 640 MiB): with --auto-window the search never scores a probe still in its load phase, never decides
 * on an under-sampled p99, and report.md names what caused the answer. Without the option the probe whose clients
 * are still loading is "not measured", with what would measure it, and its cause is still named.
 */
class DensityHonestyTest {

    private static final List<String> NAMED = List.of("memory", "swap device", "CPUs", "PCIe", "NIC fault service");

    @TempDir
    Path directory;

    private final CommandRun command = new CommandRun();

    @Test
    void theSearchScoresOnlySteadyWellSampledProbesAndNamesItsCause() throws Exception {
        Path folder = directory.resolve("density");
        assertEquals(0, command.execute("density", scenario().toString(), "--slo", "p99=500us", "--max", "16", "--auto-window",
                "--threads", "2", "--out", folder.toString()), command.err.toString());
        String out = command.out.toString();
        List<Map<String, String>> curve = rows(folder.resolve(DensityWriter.CSV));
        List<Map<String, String>> probes = rows(folder.resolve(DensityWriter.PROBES).resolve(ResultsWriter.SUMMARY_CSV));
        int scored = 0;
        boolean retried = false;
        int consultedRuns = 0;
        for (int i = 0; i < curve.size(); i++) {
            Map<String, String> p = curve.get(i);
            String verdict = p.get("verdict");
            retried |= !p.get("auto_window").isEmpty();
            consultedRuns += 1 + (p.get("auto_window").isEmpty() ? 0 : p.get("auto_window").split(" \\| ").length);
            if (verdict.equals("not measured")) {
                if (!p.get("auto_window").isEmpty()) {
                    int reruns = p.get("auto_window").split(" \\| ").length;
                    assertTrue(p.get("reason").contains("; after " + reruns + " re-run"), "a probe --auto-window re-ran "
                            + reruns + " times says so, whatever stopped it: " + p.get("reason"));
                }
                continue;
            }
            scored++;
            long windowOpens = Long.parseLong(p.get("warm_up_ns"));
            String point = Integer.toString(i);
            for (Map<String, String> row : probes) {
                if (!row.get("point").equals(point) || !row.get("tenant").startsWith("c")) {
                    continue;
                }
                double loadEnd = Double.parseDouble(row.get("workload.load_phase_end_ns"));
                assertTrue(loadEnd >= 0 && loadEnd <= windowOpens, p.get("tenants") + " tenants scored '" + verdict + "' but "
                        + row.get("tenant") + " ended its load phase at " + loadEnd + " ns, the window opened at " + windowOpens);
                boolean thin = row.get("latency_p99_undersampled").equals("1");
                if (verdict.equals("meets")) {
                    assertFalse(thin, p.get("tenants") + " tenants meet on " + row.get("tenant") + "'s p99 from "
                            + row.get("latency_count") + " requests");
                } else if (row.get("tenant").equals(p.get("failed_tenant"))) {
                    assertFalse(thin, p.get("tenants") + " tenants fail on " + row.get("tenant") + "'s p99 from "
                            + row.get("latency_count") + " requests");
                }
            }
            if (verdict.equals("meets")) {
                assertEquals("0", p.get("p99_undersampled_tenants"), p.toString());
            }
        }
        assertTrue(scored >= 3, "the search scored probes: " + curve);
        assertTrue(retried, "some probe's load phase overran the 40 ms warm-up and was re-run: " + out);
        Matcher counts = Pattern.compile("(?m)^(\\d+) probes, (\\d+) simulations started \\((\\d+) speculative\\), 2 threads$")
                .matcher(out);
        assertTrue(counts.find(), out);
        assertEquals(curve.size(), Integer.parseInt(counts.group(1)), counts.group());
        assertEquals(consultedRuns, Integer.parseInt(counts.group(2)) - Integer.parseInt(counts.group(3)),
                "the probes consulted started a simulation each, and one per --auto-window re-run: " + counts.group());
        String answer = out.lines().filter(l -> l.startsWith("answer: ")).findFirst().orElseThrow();
        assertTrue(answer.matches("answer: \\d+ tenants \\(.*\\) meet p99 <= 500us; \\d+ do not \\(c\\d+: p99 .*us > 500us\\)"),
                "the first probe past the answer is measured and fails: " + answer);
        String report = Files.readString(folder.resolve(DensityWriter.REPORT));
        Matcher cause = Pattern.compile("\\*\\*Cause: ([^.]+)\\.\\*\\*").matcher(report);
        assertTrue(cause.find(), report);
        String kind = cause.group(1).replaceFirst(", through the .*$", "");
        assertTrue(NAMED.contains(kind), "report.md names a resource as the cause, not '" + cause.group(1) + "'");
        assertSwappingNamedApart(out, curve, probes);
    }

    /**
     * The memory cause names the first failing probe's major faults and swap-outs apart, each as the probes' own
     * totals say, and the same two at the answer.
     */
    private static void assertSwappingNamedApart(String out, List<Map<String, String>> curve, List<Map<String, String>> probes) {
        Matcher swapped = Pattern.compile("cause: memory.*; the host swapped in the measured window: (\\d+) major faults \\(pages"
                + " read back from swap\\) and (\\d+) swap-outs \\(pages written to swap\\), against (\\d+) and (\\d+) at (\\d+)"
                + " tenants\\.").matcher(out);
        assertTrue(swapped.find(), "the host swapped past the answer, and the cause says how: " + out);
        int answer = Integer.parseInt(swapped.group(5));
        Map<String, String> first = total(curve, probes, answer + 1);
        Map<String, String> last = total(curve, probes, answer);
        assertEquals(List.of(first.get("cpu_major_faults"), first.get("swap_outs"), last.get("cpu_major_faults"),
                last.get("swap_outs")), List.of(swapped.group(1), swapped.group(2), swapped.group(3), swapped.group(4)));
        assertTrue(Long.parseLong(swapped.group(1)) > 0 && Long.parseLong(swapped.group(2)) > 0, "this host both faults its"
                + " pages in and writes them out, so a sum would hide which is which: " + swapped.group());
    }

    /** Returns the total row of the probe of {@code tenants} in the probes' summary. */
    private static Map<String, String> total(List<Map<String, String>> curve, List<Map<String, String>> probes, int tenants) {
        String point = Integer.toString(curve.stream().map(p -> p.get("tenants")).toList().indexOf(Integer.toString(tenants)));
        return probes.stream().filter(row -> row.get("point").equals(point) && row.get("tenant").equals("total")).findFirst()
                .orElseThrow();
    }

    @Test
    void withoutAutoWindowAProbeStillLoadingIsNotMeasuredAndSaysHowToMeasureIt() throws Exception {
        assertEquals(0, command.execute("density", scenario().toString(), "--slo", "p99=500us", "--min", "8", "--max", "8",
                "--threads", "1", "--out", directory.resolve("eight").toString()), command.err.toString());
        String out = command.out.toString();
        assertTrue(out.contains("answer: none: even 8 tenants (--min, 2.00x overcommit) could not be measured against p99"
                + " <= 500us (not measured: c"), out);
        assertTrue(out.contains("--auto-window would re-run it with warm-up 40.0 ms -> "), out);
        assertTrue(out.matches("(?s).*cause: memory, through the server [a-z ]+: at 8 tenants \\(2\\.00x overcommit\\), the"
                + " first probe that does not meet the objective, could not be measured \\(not measured: c.*"), "not scored, but the"
                + " host swapped there, so its cause is named: " + out);
    }

    private static Path scenario() {
        Path here = Path.of("").toAbsolutePath();
        Path file = here.resolve("scenarios").resolve("density.yaml");
        return Files.exists(file) ? file : here.getParent().resolve("scenarios").resolve("density.yaml");
    }

    /** Reads a CSV file with a header into one map per row (quoted fields may hold commas and doubled quotes). */
    static List<Map<String, String>> rows(Path csv) throws Exception {
        List<String> lines = Files.readAllLines(csv);
        List<String> header = cells(lines.getFirst());
        List<Map<String, String>> out = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            List<String> cells = cells(line);
            Map<String, String> row = new HashMap<>();
            for (int i = 0; i < header.size(); i++) {
                row.put(header.get(i), i < cells.size() ? cells.get(i) : "");
            }
            out.add(row);
        }
        return out;
    }

    private static List<String> cells(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted && c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                cell.append('"');
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                out.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        out.add(cell.toString());
        return out;
    }
}
