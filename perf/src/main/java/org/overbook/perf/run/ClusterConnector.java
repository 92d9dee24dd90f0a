package org.overbook.perf.run;

import java.nio.file.Path;
import java.util.List;
import org.overbook.perf.plugin.Catalog;

/**
 * Connects to a cluster that runs points as remote tasks: a service ({@link java.util.ServiceLoader}) that the
 * {@code cluster} module provides for Apache Spark. Looked up only when a command is given {@code --master}, so
 * without it no cluster class is loaded and nothing is started.
 */
public interface ClusterConnector {

    /**
     * Connects to the cluster at {@code master} and returns an executor of points on it, once it can run them.
     *
     * @param master      the cluster's master URL ({@code local[2]}, {@code spark://host:7077}, ...)
     * @param application what the cluster's user interface calls the run ({@code overbook sweep overcommit.yaml})
     * @param catalog     the names the points use, built-in and plug-in: what the driver reads a point's text with
     * @param pluginJars  jars of plug-ins (workloads, policies) that every remote task needs on its class path
     * @throws org.overbook.guest.ConfigurationException naming {@code --master} if the URL is not accepted or the
     *         cluster cannot be reached, within a bounded time
     */
    PointExecutor connect(String master, String application, Catalog catalog, List<Path> pluginJars);
}
