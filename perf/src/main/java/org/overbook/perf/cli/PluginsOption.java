package org.overbook.perf.cli;

import java.util.ArrayList;
import java.nio.file.Path;
import java.util.List;
import org.overbook.perf.plugin.Plugins;
import org.overbook.perf.scenario.ScenarioLoader;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --plugins PATH} (repeatable) and the {@code OVERBOOK_PLUGINS} environment variable, shared by every
 * verb that resolves a scenario's names (a picocli mixin). The variable's paths come first, then the
 * option's. The jars stay loaded for the rest of the process. What loads but looks like a mistake (a directory
 * without a jar, a plug-in that reads the wall clock) is printed on standard error as a warning, once.
 */
final class PluginsOption {

    @Option(names = "--plugins", paramLabel = "PATH",
            description = "A plug-in jar, or a directory of jars (repeatable; also " + Plugins.ENVIRONMENT + ", ':'-separated).")
    private List<Path> paths = new ArrayList<>();

    @Spec(Spec.Target.MIXEE)
    private CommandSpec command;

    private Plugins plugins;

    /** Returns the plug-ins named by the environment and the option, loaded on first use. */
    Plugins plugins() {
        if (plugins == null) {
            List<Path> all = new ArrayList<>(Plugins.fromEnvironment(System.getenv(Plugins.ENVIRONMENT)));
            all.addAll(paths);
            plugins = Plugins.load(all);
            for (String warning : plugins.warnings()) {
                command.commandLine().getErr().println("overbook: warning: --plugins: " + warning);
            }
            command.commandLine().getErr().flush();
        }
        return plugins;
    }

    /** Returns a scenario loader that knows the built-ins and the plug-ins' names. */
    ScenarioLoader loader() {
        return new ScenarioLoader(plugins().catalog());
    }
}
