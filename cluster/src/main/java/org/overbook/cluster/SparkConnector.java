package org.overbook.cluster;

import java.nio.file.Path;
import java.util.List;
import org.overbook.perf.plugin.Catalog;
import org.overbook.perf.run.ClusterConnector;
import org.overbook.perf.run.PointExecutor;

/** The {@link ClusterConnector} service for Apache Spark: {@code --master} URLs go to {@link SparkPointExecutor}. */
public final class SparkConnector implements ClusterConnector {

    @Override
    public PointExecutor connect(String master, String application, Catalog catalog, List<Path> pluginJars) {
        return SparkPointExecutor.connect(master, application, catalog, pluginJars);
    }
}
