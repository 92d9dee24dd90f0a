package org.overbook.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * What each of Overbook's modules exports, read from its {@code module-info.class}, against the table of
 * docs/ARCHITECTURE.md ("Module graph"): a package is exported to every module only if it is API, and the packages only
 * the sibling modules use go to those siblings alone. The plug-in families' packages of docs/PLUGINS.md are API. This
 * module sees every module but live (which exports nothing), as a user's module would.
 */
class ModuleExportsTest {

    private static final String PREFIX = "org.overbook.";
    private static final String EVERY_MODULE = "every module";
    private static final Pattern TABLE_ROW = Pattern.compile("(?m)^\\| `(org\\.overbook[\\w.]*)` \\| ([^|]+?) \\|");
    private static final Pattern PLUGIN_PACKAGE = Pattern.compile("\\(`(org\\.overbook\\.[\\w.]+)`\\)");

    @Test
    void everyModuleExportsWhatTheArchitecturePageSays() throws IOException {
        Map<String, Set<String>> declared = new TreeMap<>();
        for (ModuleDescriptor module : overbookModules().values()) {
            for (ModuleDescriptor.Exports export : module.exports()) {
                declared.put(export.source(), export.isQualified()
                        ? export.targets().stream().map(ModuleExportsTest::shortName).collect(Collectors.toCollection(TreeSet::new))
                        : Set.of(EVERY_MODULE));
            }
        }
        Map<String, Set<String>> documented = new TreeMap<>();
        Matcher row = TABLE_ROW.matcher(Files.readString(Path.of("..", "docs", "ARCHITECTURE.md")));
        while (row.find()) {
            documented.put(row.group(1), Arrays.stream(row.group(2).split(","))
                    .map(String::strip).collect(Collectors.toCollection(TreeSet::new)));
        }
        assertFalse(documented.isEmpty(), "docs/ARCHITECTURE.md has a table of exported packages");
        assertEquals(documented, declared, "package -> the modules it is exported to: docs/ARCHITECTURE.md, then module-info");
    }

    @Test
    void internalsAreExportedToSiblingModulesAlone() throws IOException {
        for (ModuleDescriptor module : overbookModules().values()) {
            for (ModuleDescriptor.Exports export : module.exports()) {
                for (String target : export.targets()) {
                    assertTrue(target.startsWith(PREFIX), module.name() + " exports " + export.source() + " to " + target
                            + ", which is not one of Overbook's modules");
                }
            }
        }
    }

    @Test
    void everyPluginFamilysPackageIsApi() throws IOException {
        Set<String> api = new TreeSet<>();
        for (ModuleDescriptor module : overbookModules().values()) {
            module.exports().stream().filter(e -> !e.isQualified()).forEach(e -> api.add(e.source()));
        }
        Matcher named = PLUGIN_PACKAGE.matcher(Files.readString(Path.of("..", "docs", "PLUGINS.md")));
        Set<String> pluginPackages = new TreeSet<>();
        while (named.find()) {
            pluginPackages.add(named.group(1));
        }
        assertTrue(pluginPackages.size() >= 5, "docs/PLUGINS.md names the families' packages: " + pluginPackages);
        pluginPackages.removeAll(api);
        assertEquals(Set.of(), pluginPackages, "packages a plug-in author compiles against that are not exported to every module");
    }

    /** Every Overbook module on the class path, by name: the module-info.class at the root of each jar or classes folder. */
    private static Map<String, ModuleDescriptor> overbookModules() throws IOException {
        Map<String, ModuleDescriptor> modules = new TreeMap<>();
        for (URL url : Collections.list(ModuleExportsTest.class.getClassLoader().getResources("module-info.class"))) {
            try (InputStream in = url.openStream()) {
                ModuleDescriptor module = ModuleDescriptor.read(in);
                if (module.name().startsWith(PREFIX)) {
                    modules.put(module.name(), module);
                }
            }
        }
        assertTrue(modules.keySet().containsAll(Set.of("org.overbook.guest", "org.overbook.hypervisor", "org.overbook.nic",
                "org.overbook.balloon", "org.overbook.workloads", "org.overbook.perf", "org.overbook.examples")),
                "the modules this one depends on, and itself: " + modules.keySet());
        return modules;
    }

    private static String shortName(String module) {
        return module.substring(PREFIX.length());
    }
}
