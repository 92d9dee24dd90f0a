/**
 * Live mode: {@code overbook serve} puts a scenario's memcached tenants behind a TCP gateway for real clients,
 * the model paced by the wall clock, and {@code overbook replay} runs a recorded session again. An application
 * module: it exports nothing, and adds its verbs to the {@code overbook} command.
 */
module org.overbook.live {
    requires org.overbook.guest;
    requires org.overbook.hypervisor;
    requires org.overbook.nic;
    requires org.overbook.workloads;
    requires org.overbook.perf;
    requires info.picocli;
    requires org.jctools.core;
    requires io.netty.common;
    requires io.netty.buffer;
    requires io.netty.transport;
    requires com.fasterxml.jackson.databind;
    requires com.fasterxml.jackson.dataformat.yaml;
    requires org.eclipse.collections.impl;
    requires HdrHistogram;
    requires jdk.unsupported;

    opens org.overbook.live.cli to info.picocli;

    provides org.overbook.perf.cli.Subcommand with org.overbook.live.cli.ServeCommand, org.overbook.live.cli.ReplayCommand;
}
