/**
 * Experiments: the {@code overbook} command, the runner, reports, and the JMH benchmarks. An
 * application, not a library: it exports nothing.
 */
module org.overbook.perf {
    requires org.overbook.guest;
    requires org.overbook.hypervisor;
    requires org.overbook.nic;
    requires org.overbook.balloon;
    requires org.overbook.workloads;
    requires info.picocli;
    requires com.github.benmanes.caffeine;
    requires java.desktop;
    requires java.management;
    requires jdk.management;
    requires org.knowm.xchart;
    requires me.tongfei.progressbar;
    requires com.fasterxml.jackson.core;
    requires com.fasterxml.jackson.databind;
    requires com.fasterxml.jackson.dataformat.yaml;
    requires jmh.core;
    requires org.apache.commons.rng.api;
    requires org.apache.commons.rng.core;

    opens org.overbook.perf.cli to info.picocli;

    // --master: the cluster module provides it (on the class path, as Spark is not modular).
    uses org.overbook.perf.run.ClusterConnector;
}
