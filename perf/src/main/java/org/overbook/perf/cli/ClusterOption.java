package org.overbook.perf.cli;

import java.nio.file.Path;
import java.util.ServiceLoader;
import org.overbook.guest.ConfigurationException;
import org.overbook.perf.plugin.Plugins;
import org.overbook.perf.run.ClusterConnector;
import org.overbook.perf.run.LocalPointExecutor;
import org.overbook.perf.run.PointExecutor;
import org.overbook.perf.run.Runner;
import picocli.CommandLine.Option;

/**
 * {@code --master URL}: run the points as tasks of an Apache Spark cluster instead of on this machine's threads
 * (a picocli mixin). Without it nothing of Spark is loaded; with it the {@link ClusterConnector} of the
 * {@code cluster} module is looked up, which the launcher puts on the class path only then.
 */
final class ClusterOption {

    @Option(names = "--master", paramLabel = "URL",
            description = "Run the points as Apache Spark tasks: local[N], spark://HOST:PORT, or any master URL Spark accepts"
                    + " (default: threads of this JVM, --threads).")
    private String master;

    /** Returns whether the points run on this machine (no {@code --master}), so its disk holds their swap files. */
    boolean isLocal() {
        return master == null;
    }

    /**
     * Returns where the points of {@code application} run: the cluster given with {@code --master}, or
     * {@code threads} threads of this JVM, each run with its hosts' files under {@code workDirectory}.
     *
     * @param plugins the plug-ins the points name: their names for the driver, their jars for the remote tasks
     */
    PointExecutor open(Runner runner, Path workDirectory, int threads, String application, Plugins plugins) {
        if (master == null) {
            return LocalPointExecutor.withThreads(runner, workDirectory, threads);
        }
        ClusterConnector connector = ServiceLoader.load(ClusterConnector.class).findFirst().orElseThrow(() ->
                new ConfigurationException("--master", master + ": Spark support (the cluster module) is not on the class path;"
                        + " accepted: run through ./overbook, which adds it for --master, or put cluster's jars on the class path"));
        return connector.connect(master, application, plugins.catalog(), plugins.jars());
    }
}
