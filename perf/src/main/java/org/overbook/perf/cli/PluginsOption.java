package org.overbook.perf.cli;

import java.util.ArrayList;
import java.nio.file.Path;
import java.util.List;
import org.overbook.perf.plugin.Plugins;
import org.overbook.perf.scenario.ScenarioLoader;
import picocli.CommandLine.Option;

/**
 * {@code --plugins PATH} (repeatable) and the {@code OVERBOOK_PLUGINS} environment variable, shared by every
 * verb that resolves a scenario's names (a picocli mixin). The variable's paths come first, then the
 * option's. The jars stay loaded for the rest of the process.
 */
final class PluginsOption {

    @Option(names = "--plugins", paramLabel = "PATH",
            description = "A plug-in jar, or a directory of jars (repeatable; also " + Plugins.ENVIRONMENT + ", ':'-separated).")
    private List<Path> paths = new ArrayList<>();

    private Plugins plugins;

    /** Returns the plug-ins named by the environment and the option, loaded on first use. */
    Plugins plugins() {
        if (plugins == null) {
            List<Path> all = new ArrayList<>(Plugins.fromEnvironment(System.getenv(Plugins.ENVIRONMENT)));
            all.addAll(paths);
            plugins = Plugins.load(all);
        }
        return plugins;
    }

    /** Returns a scenario loader that knows the built-ins and the plug-ins' names. */
    ScenarioLoader loader() {
        return new ScenarioLoader(plugins().catalog());
    }
}
