package org.overbook.perf.cli;

import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import org.overbook.guest.Registry;
import org.overbook.perf.plugin.Catalog;
import org.overbook.perf.reproduce.Presets;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code overbook list [--plugins PATH]}: the workloads and policies a scenario may name, one line each with
 * its origin ({@value Registry#BUILT_IN} or the plug-in jar's file name), and the presets.
 */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = {"Lists the workloads, policies and presets a scenario may name.",
                "Every workload and policy family comes with where it comes from (built-in, or a",
                "plug-in jar's file name)."})
final class ListCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private PluginsOption plugins;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Catalog catalog = plugins.plugins().catalog();
        int originWidth = catalog.families().values().stream()
                .flatMap(registry -> registry.origins().values().stream())
                .mapToInt(String::length).max().orElse(0);
        catalog.families().forEach((title, registry) -> section(out, title, registry, Math.max(12, originWidth)));
        out.println("Presets (overbook reproduce NAME): the papers' headline experiments");
        Presets.descriptions().forEach((name, description) -> out.printf("  %-20s %s%n", name, description));
        out.flush();
        return 0;
    }

    /** One family's names, origins and descriptions; the origins padded to the longest of any family, so columns align. */
    private static void section(PrintWriter out, String title, Registry<?> registry, int originWidth) {
        out.println(title);
        Map<String, String> origins = registry.origins();
        String line = "  %-20s %-" + originWidth + "s %s%n";
        registry.descriptions().forEach((name, description) -> out.printf(line, name, origins.get(name), description));
    }
}
