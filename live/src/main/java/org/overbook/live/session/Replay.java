package org.overbook.live.session;

import java.nio.file.Path;
import java.util.List;
import org.overbook.guest.WorkloadRegistry;
import org.overbook.live.gateway.GatewayEndpoint;
import org.overbook.live.gateway.ReplySink;
import org.overbook.perf.plugin.Catalog;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.ScenarioFile;

/**
 * Runs a recorded live session again, without sockets or a wall clock: the log's scenario, every arrival injected
 * at its recorded virtual time with the simulation at its recorded horizon, to the recorded end. The results folder
 * is byte for byte the live session's (every file but {@code timing.txt}, which holds wall-clock time), the session
 * log included, since the replay records it again as it goes.
 */
public final class Replay {

    private final SessionLog.Contents contents;
    private final WorkloadRegistry registry;
    private final ScenarioFile file;

    private Replay(SessionLog.Contents contents, WorkloadRegistry registry, ScenarioFile file) {
        this.contents = contents;
        this.registry = registry;
        this.file = file;
    }

    /**
     * Reads the session log at {@code log} and loads its scenario.
     *
     * @throws org.overbook.guest.ConfigurationException if the log cannot be read
     */
    public static Replay of(Path log) {
        SessionLog.Contents contents = SessionLog.read(log);
        WorkloadRegistry registry = LiveSession.registry();
        ScenarioFile file = new LiveScenario(contents.scenarioYaml(), List.of()).load(registry, contents.source());
        return new Replay(contents, registry, file);
    }

    /**
     * Returns the session's scenario as the log keeps it: the served file's point as written, every default spelled out,
     * so what it writes that is valid but likely not meant ({@link ScenarioFile#warnings()}) is there again.
     */
    public ScenarioFile scenario() {
        return file;
    }

    /** Replays the session into {@code folder}. */
    public TimedResult run(Path folder) {
        String source = contents.source();
        TimedResult timed;
        try (SessionLog.Writer writer = new SessionLog.Writer(folder.resolve(LiveSession.LOG), source, contents.scenarioYaml(), Long.MAX_VALUE)) {
            timed = Runner.standard(Catalog.builtIn().withWorkloads(registry)).run(file.points().getFirst(), folder, (deployment, sample) -> {
                Stepper stepper = new Stepper(deployment, sample, writer);
                for (GatewayEndpoint gateway : stepper.gateways()) {
                    gateway.replyTo(ReplySink.discard());
                }
                for (SessionLog.Entry entry : contents.entries()) {
                    stepper.advanceTo(entry.horizon());
                    stepper.inject(entry.arrival(), entry.time());
                }
                stepper.advanceTo(contents.endNanos());
                stepper.finish();
                writer.end(contents.endNanos());
                return LiveScenario.reported(file, contents.endNanos());
            });
        }
        new ResultsWriter(folder).write(source, List.of(timed));
        return timed;
    }
}
