package org.overbook.perf.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.overbook.balloon.BalloonConfig;
import org.overbook.guest.Named;
import org.overbook.hypervisor.CostModel;
import org.overbook.hypervisor.HostConfig;
import org.overbook.hypervisor.HostResources;
import org.overbook.hypervisor.spi.SwapDeviceModels;
import org.overbook.hypervisor.spi.VictimSelections;
import org.overbook.nic.LinkConfig;
import org.overbook.nic.NicConfig;
import org.overbook.nic.NicCosts;

/**
 * The reference file is the one place defaults live: it must equal the domain records' own defaults, and
 * every setting in it must carry a comment, the cost model's with their sources; and docs/COST-MODEL.md, which gives each
 * default with its source, must give the file's, every one of them.
 */
class ReferenceDefaultsTest {

    private static final Path COST_MODEL_PAGE = Path.of("..", "docs", "COST-MODEL.md");

    private final Scenario reference = ScenarioLoader.standard().reference().scenario();
    private final Map<String, String> comments = comments(ScenarioLoader.referenceText());

    @Test
    void hostCostsAreCostModelDefaults() {
        assertEquals(CostModel.defaults(), reference.costs());
    }

    @Test
    void nicCostsAreNicCostsDefaults() {
        assertEquals(NicCosts.defaults(), reference.nic().costs());
    }

    @Test
    void nicIsNicConfigOfOnDemand() {
        assertEquals("on-demand", reference.nic().pinning().memoryPolicy().name(), "the reference's memory policy is ODP (ASPLOS 2017)");
        assertEquals(NicConfig.of("on-demand"), reference.nic());
    }

    @Test
    void linkIsFdr() {
        assertEquals(LinkConfig.fdr(), reference.link());
    }

    @Test
    void hostWatermarksAndSwapKeepingAreHostConfigDefaults() {
        HostConfig defaults = HostConfig.of(reference.host().memoryBytes(), reference.host().swapBytes(), java.nio.file.Path.of("."),
                reference.seed(), List.of());
        assertEquals(defaults.reclaimLow(), reference.host().reclaimLow());
        assertEquals(defaults.reclaimHigh(), reference.host().reclaimHigh());
        assertEquals(defaults.keepSwap(), reference.host().keepSwap());
    }

    @Test
    void hostResourcesAreHostResourcesDefaults() {
        assertEquals(HostResources.defaults(), reference.host().resources(SwapDeviceModels.builtIn(), reference.seed()));
        assertEquals(SwapDeviceSettings.of(Named.of("nvme")), reference.host().swapDevice()); // the kind alone: no value over it
        assertEquals(Named.of(VictimSelections.CLOCK), reference.host().victimSelection()); // the name alone: no parameter
    }

    @Test
    void theCostModelPageGivesEveryDefaultAsTheReferenceFileHasIt() throws IOException {
        Map<String, String> file = new TreeMap<>();
        flatten("", new YAMLMapper().readTree(ScenarioLoader.referenceText()), file);
        Map<String, String> page = new TreeMap<>();
        Matcher row = Pattern.compile("(?m)^\\| `([a-z.-]+)` \\| ([^|]*?) \\|").matcher(Files.readString(COST_MODEL_PAGE));
        while (row.find()) {
            page.put(row.group(1), row.group(2));
        }
        assertEquals(file, page, COST_MODEL_PAGE + "'s tables give every setting of the reference file, with its default");
    }

    /** Puts each setting's path and its default as written (an empty section as {@code {}}, an empty list as {@code []}). */
    private static void flatten(String path, JsonNode node, Map<String, String> out) {
        if (node.isObject() && !node.isEmpty()) {
            node.properties().forEach(e -> flatten(path.isEmpty() ? e.getKey() : path + "." + e.getKey(), e.getValue(), out));
        } else {
            out.put(path, node.isContainerNode() ? node.toString() : node.asText());
        }
    }

    @Test
    void balloonIsBalloonConfigDefaultsAndOff() {
        assertEquals(BalloonConfig.defaults(), reference.balloon().config());
        assertFalse(reference.balloon().enabled());
    }

    @Test
    void costsHaveOneSettingPerFieldOfBothCostRecords() {
        long costSettings = comments.keySet().stream().filter(path -> path.startsWith("costs.")).count();
        assertEquals(CostModel.class.getRecordComponents().length + NicCosts.class.getRecordComponents().length, costSettings,
                "costs." + " settings: " + comments.keySet().stream().filter(path -> path.startsWith("costs.")).toList());
    }

    @Test
    void everySettingHasAComment() {
        assertTrue(comments.size() > 60, "the parser found the settings: " + comments.keySet());
        comments.forEach((path, comment) -> assertFalse(comment.isBlank(), path + " has no comment above it"));
    }

    @Test
    void costDefaultsCiteTheirSources() {
        assertCites("nic.pcie.bandwidth", "Gen3 x16", "115 Gb/s", "SIGCOMM 2018", "AN 708");
        assertCites("nic.pcie.read-latency", "pcie-bench", "550 ns");
        assertCites("nic.fault-workers", "mlx5_ib_page_fault", "32", "4096");
        assertCites("link.mtu", "InfiniBand", "4096");
        assertCites("costs.minor-fault", "NP-RDMA", "3.5-5.7 us");
        assertCites("costs.populate-page", "MADV_POPULATE", "572.6 ms", "124.3 ms", "428 ns");
        assertCites("costs.npf-software", "NP-RDMA", "3.5-5.7 us");
        assertCites("costs.npf-iommu", "PART", "38 us");
        assertCites("host.swap-device", "P4500", "85 us read / 20 us write at QD1");
        assertCites("host.swap-path.cpu", "AIFM", "over 15 us per swap-in");
        assertCites("host.swap-path.pages-per-second", "LKML", "0.5-0.8 M pages/s");
        assertCites("host.cpu-slice", "kernel/sched/fair.c", "3 ms");
        assertCites("host.page-cluster", "vm.page-cluster", "8 pages");
        assertCites("costs.rto", "Linux", "200 ms");
        assertCites("costs.balloon-rate", "vmw_balloon", "16384");
        assertCites("nic.prefetch-window", "mlx5 ODP", "4 MiB");
        assertCites("nic.transport", "RNR timer", "0.01 ms .. 655.36 ms");
        assertCites("link.bandwidth", "FDR", "56 Gb/s");
        assertCites("link.latency", "FDR", "0.6 us");
        assertCites("balloon.idle-tax", "ESX", "0.75");
        assertCites("balloon.sampling-period", "ESX", "30 s");
        assertCites("balloon.reallocation-period", "ESX", "15 s");
        assertCites("balloon.thresholds", "ESX", "6/4/2/1 %");
    }

    private void assertCites(String path, String... words) {
        String comment = comments.get(path);
        assertTrue(comment != null, path + " is not in the reference file");
        for (String word : words) {
            assertTrue(comment.contains(word), path + "'s comment should cite '" + word + "': " + comment);
        }
    }

    private static final Pattern KEY = Pattern.compile("^( *)([a-z-]+):.*$");

    /** Maps each setting's path to the comment lines right above it (empty when there are none). */
    static Map<String, String> comments(String text) {
        Map<String, String> out = new LinkedHashMap<>();
        Deque<int[]> indents = new ArrayDeque<>();
        Deque<String> keys = new ArrayDeque<>();
        List<String> pending = new ArrayList<>();
        for (String line : text.split("\n")) {
            String stripped = line.strip();
            if (stripped.startsWith("#")) {
                pending.add(stripped.substring(1).strip());
                continue;
            }
            Matcher m = KEY.matcher(line);
            if (m.matches()) {
                int indent = m.group(1).length();
                while (!indents.isEmpty() && indents.peek()[0] >= indent) {
                    indents.pop();
                    keys.pop();
                }
                indents.push(new int[] {indent});
                keys.push(m.group(2));
                List<String> path = new ArrayList<>(keys);
                java.util.Collections.reverse(path);
                out.put(String.join(".", path), String.join(" ", pending));
            }
            pending.clear();
        }
        return out;
    }
}
