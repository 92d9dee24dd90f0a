/**
 * The experiment engine and the {@code overbook} command over it. A program drives experiments through
 * {@link org.overbook.perf.api.Experiments} (load a scenario from a file, a string or a builder, resolve
 * its points, run one or all, read the results as objects, write the results folder); the packages its
 * signatures name are exported with it. Plug-in jars are loaded by {@code org.overbook.perf.plugin}. The
 * command line ({@code cli}) and the reproduction of the papers' experiments stay internal.
 * The live mode module ({@code serve}, {@code replay}) adds its verbs to the command ({@link
 * org.overbook.perf.cli.Subcommand}) and runs scenarios through the packages exported to it.
 */
module org.overbook.perf {
    requires transitive org.overbook.guest;
    requires transitive org.overbook.hypervisor;
    requires transitive org.overbook.nic;
    requires transitive org.overbook.balloon;
    requires transitive org.overbook.workloads;
    requires info.picocli;
    requires com.github.benmanes.caffeine;
    requires java.desktop;
    requires java.management;
    requires jdk.management;
    requires org.knowm.xchart;
    requires org.apache.commons.statistics.inference;
    requires org.apache.commons.statistics.distribution;
    requires me.tongfei.progressbar;
    requires com.fasterxml.jackson.core;
    requires com.fasterxml.jackson.databind;
    requires com.fasterxml.jackson.dataformat.yaml;

    exports org.overbook.perf.api;
    exports org.overbook.perf.plugin;
    exports org.overbook.perf.scenario;
    exports org.overbook.perf.run;
    exports org.overbook.perf.run.codec;
    exports org.overbook.perf.report;
    exports org.overbook.perf.density;

    exports org.overbook.perf.cli to org.overbook.live;

    opens org.overbook.perf.cli to info.picocli;

    // --master: the cluster module provides it (on the class path, as Spark is not modular).
    uses org.overbook.perf.run.ClusterConnector;
    uses org.overbook.perf.cli.Subcommand;
}
