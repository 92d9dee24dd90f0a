/**
 * Experiments: the {@code overbook} command, the runner, reports, and the JMH benchmarks. An
 * application, not a library: it exports only to the live mode module, which runs scenarios and
 * writes results through it and adds its verbs to the command ({@link org.overbook.perf.cli.Subcommand}).
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

    exports org.overbook.perf.cli to org.overbook.live;
    exports org.overbook.perf.run to org.overbook.live;
    exports org.overbook.perf.scenario to org.overbook.live;
    exports org.overbook.perf.report to org.overbook.live;

    opens org.overbook.perf.cli to info.picocli;

    uses org.overbook.perf.cli.Subcommand;
}
