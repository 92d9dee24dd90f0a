package org.overbook.live.cli;

import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.Units;
import org.overbook.live.edge.GatewayServer;
import org.overbook.live.session.LiveSession;
import org.overbook.perf.cli.OutputOption;
import org.overbook.perf.cli.ResultsKind;
import org.overbook.perf.cli.ScenarioWarnings;
import org.overbook.perf.cli.Subcommand;
import org.overbook.perf.cli.SummaryTable;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;
import org.overbook.perf.scenario.TenantSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code overbook serve [FILE] [--listen HOST:PORT]...}: serves a scenario's memcached tenants to real clients over
 * TCP, the model paced by the wall clock, until Ctrl-C or {@code --duration}; then writes the results folder with
 * the session log. Ctrl-C (SIGINT) and SIGTERM stop the session rather than the JVM ({@link StopOnSignal}), so the
 * results are written as after {@code --duration}; a second one ends the process at once. Exit 0; 2 on a
 * configuration error; 1 if the session failed.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Serves a scenario's memcached tenants to real memcached clients over TCP.",
                "Address i serves server tenant i through a gateway tenant on the client host;",
                "requests and replies cross the modelled link and NIC. Virtual time follows the",
                "wall clock. One status line a second; Ctrl-C or --duration stops it and writes",
                "the results folder with session.log, which `overbook replay` runs again."})
public final class ServeCommand implements Callable<Integer>, Subcommand {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "FILE", description = "Scenario YAML file (default: the embedded default scenario).")
    private Path file;

    @Option(names = "--listen", paramLabel = "HOST:PORT", converter = ListenAddress.class,
            description = "Address to serve a tenant on; repeat for the next tenants (default: " + ListenAddress.DEFAULT + ", loopback only).")
    private List<InetSocketAddress> listens = new ArrayList<>();

    @Option(names = "--point", paramLabel = "N", description = "Which point of the file's sweep to serve, numbered from 0 as run numbers them (default: the last; the default scenario's, point 6, is 6 tenants on demand, 2.8x overcommit).")
    private Integer point;

    @Option(names = "--speed", paramLabel = "X", defaultValue = "1", description = "Virtual seconds per wall second (default: 1, real time).")
    private double speed;

    @Option(names = "--duration", paramLabel = "TIME", description = "Stop after this much virtual time (e.g. 60s; default: until Ctrl-C).")
    private String duration;

    @Option(names = "--max-connections", paramLabel = "N", defaultValue = "64", description = "Clients each address admits at once; one more gets 'ERROR Too many open connections' (default: 64).")
    private int maxConnections;

    @Option(names = "--max-pending", paramLabel = "SIZE", defaultValue = "1MiB", description = "Request bytes per client in the model before its socket stops being read (default: 1MiB).")
    private String maxPending;

    @Option(names = "--log-max", paramLabel = "SIZE", defaultValue = "1GiB", description = "Size limit of session.log, which holds every request's bytes; past it recording stops and the session cannot be replayed (default: 1GiB).")
    private String logMax;

    @Mixin
    private OutputOption output;

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        if (!(speed > 0) || Double.isInfinite(speed)) {
            throw new ConfigurationException("--speed", speed + " is not a positive speed; accepted: e.g. 0.1, 1, 10");
        }
        if (maxConnections < 1) {
            throw new ConfigurationException("--max-connections", maxConnections + "; accepted: 1 or more");
        }
        long pending = Units.bytes("--max-pending", maxPending);
        if (pending < 1 || pending > Integer.MAX_VALUE) {
            throw new ConfigurationException("--max-pending", maxPending + "; accepted: 1 byte to 2GiB");
        }
        long logMaxBytes = Units.bytes("--log-max", logMax);
        long durationNanos = duration == null ? 0 : Units.nanos("--duration", duration);
        if (duration != null && durationNanos <= 0) {
            // 0 stands for "until Ctrl-C" inside; a written duration must be positive, as a scenario's is
            throw new ConfigurationException("--duration", "'" + duration + "' is zero; accepted: a positive duration such as 60s"
                    + " (leave --duration out to serve until Ctrl-C)");
        }
        ScenarioLoader loader = ScenarioLoader.standard();
        ScenarioFile scenarios = file == null ? loader.defaultScenario()
                : ScenarioWarnings.printed(loader.load(file), spec.commandLine().getErr());
        List<SweepPoint> points = scenarios.points();
        int index = point == null ? points.size() - 1 : point;
        if (index < 0 || index >= points.size()) {
            throw new ConfigurationException("--point", index + "; accepted: " + (points.size() == 1 ? "0, the file's only point"
                    : "0 to " + (points.size() - 1) + " (the file's points, numbered as run, show and compare number them)"));
        }
        SweepPoint chosen = points.get(index);
        List<InetSocketAddress> addresses = listens.isEmpty() ? List.of(ListenAddress.parse(ListenAddress.DEFAULT)) : listens;
        Path folder = output.folder(folderName(file), ResultsKind.POINTS);
        String source = SessionSource.of(file, points, index);
        LiveSession session = LiveSession.start(new LiveSession.Options(chosen, source, addresses, speed, durationNanos,
                maxConnections, (int) pending, GatewayServer.DEFAULT_UNREAD_BUDGET, logMaxBytes, folder), out);
        StopOnSignal signals = StopOnSignal.install(session::stop);
        try {
            out.printf("serving %s%n", source);
            List<TenantSpec> tenants = chosen.scenario().tenants();
            for (int i = 0; i < addresses.size(); i++) {
                out.printf("listening on %s:%d -> tenant %s (gateway tenant live%d)%n", addresses.get(i).getHostString(),
                        session.port(i), tenants.get(i).name(), i);
            }
            out.printf(Locale.ROOT, "speed %.3gx%s; Ctrl-C stops and writes %s%n", speed,
                    durationNanos > 0 ? ", for " + duration + " of virtual time" : "", folder);
            out.flush();
            TimedResult result;
            try {
                result = session.await();
            } catch (InterruptedException e) {
                session.stop();
                result = session.await();
            }
            SummaryTable.print(out, result);
            out.printf(Locale.ROOT, "%nlargest lag of the model behind the wall clock: %.3f ms; edge: %s%n",
                    session.worstLagNanos() / 1e6, session.edgeCounters());
            out.printf("results: %s%nreplay:  overbook replay %s%n", folder.toAbsolutePath(),
                    folder.resolve(LiveSession.LOG).toAbsolutePath());
            out.flush();
            return 0;
        } finally {
            signals.restore();
        }
    }

    /**
     * Returns the name of a session's default results folder ({@code serve-NAME}, then the time): NAME as {@code run}
     * names its folder after {@code file} ({@code default} for the embedded scenario), with no space in it.
     */
    static String folderName(Path file) {
        return "serve-" + OutputOption.nameOf(file);
    }
}
