package org.overbook.live.session;

import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.overbook.guest.WorkloadRegistry;
import org.overbook.live.edge.GatewayServer;
import org.overbook.live.edge.Inbox;
import org.overbook.live.gateway.GatewayEndpoint;
import org.overbook.perf.plugin.Catalog;
import org.overbook.perf.report.AtomicFiles;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.SweepPoint;

/**
 * A running live session: the TCP gateway listening, and the simulation thread running the session's scenario
 * paced by the wall clock, until {@link #stop()} or its duration. Then the results folder is written, with the
 * session log ({@value #LOG}) that {@code overbook replay} runs again.
 *
 * <p>Threads: the caller's (start, stop, await), Netty's event loop (the sockets), and one simulation thread, the
 * only one that touches the model.
 */
public final class LiveSession {

    /** The session log's name in the results folder. */
    public static final String LOG = "session.log";

    /**
     * What a session runs.
     *
     * @param point           the scenario file's point whose server host is served
     * @param source          how the results name the scenario
     * @param addresses       listen addresses, address i serving server tenant i
     * @param speed           virtual seconds per wall second
     * @param durationNanos   virtual time after which the session stops by itself; 0 for none
     * @param maxConnections  clients each address admits at once
     * @param pendingBytesMax request bytes per client in the model before its socket stops being read
     * @param unreadBudget    reply bytes all clients may leave unread before the one with the most is closed
     * @param logMaxBytes     the session log's size limit; past it recording stops (the session cannot be replayed)
     * @param folder          the results folder
     */
    public record Options(SweepPoint point, String source, List<InetSocketAddress> addresses, double speed, long durationNanos,
                          int maxConnections, int pendingBytesMax, long unreadBudget, long logMaxBytes, Path folder) {
        public Options {
            Objects.requireNonNull(point, "point");
            addresses = List.copyOf(addresses);
        }
    }

    private final Options options;
    private final GatewayServer server;
    private final Thread simulationThread;
    private final AtomicBoolean stop = new AtomicBoolean();
    private final CountDownLatch ready = new CountDownLatch(1);
    private final Pacer pacer;
    private volatile TimedResult result;
    private volatile Throwable failure;

    private LiveSession(Options options, LiveScenario live, PrintWriter out) {
        this.options = options;
        WorkloadRegistry registry = registry();
        ScenarioFile file = live.load(registry, options.source());
        Inbox inbox = new Inbox();
        // bound first: an address that cannot be bound leaves no results folder behind (no stray session.log)
        this.server = GatewayServer.start(live.limits(), inbox, options.unreadBudget());
        SessionLog.Writer log;
        try {
            log = new SessionLog.Writer(options.folder().resolve(LOG), options.source(), live.yaml(), options.logMaxBytes());
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
        this.pacer = new Pacer(file, inbox, server.replies(), log, System::nanoTime, options.speed(), options.durationNanos(),
                stop, out, server::openConnections, ready::countDown);
        SweepPoint point = file.points().getFirst();
        Runner runner = Runner.standard(Catalog.builtIn().withWorkloads(registry));
        this.simulationThread = new Thread(() -> {
            try {
                TimedResult timed = runner.run(point, options.folder(), pacer);
                new ResultsWriter(options.folder()).write(options.source(), List.of(timed));
                appendWallFigures(options.folder().resolve(ResultsWriter.TIMING));
                result = timed;
            } catch (Throwable t) {
                failure = t;
            } finally {
                ready.countDown();
                log.close();
            }
        }, "overbook-simulation");
    }

    /**
     * Binds the listen addresses and starts the simulation; returns once the model is built and paced (clients
     * that connect earlier wait).
     *
     * @throws org.overbook.guest.ConfigurationException if the scenario cannot be served (naming what is wrong)
     * @throws org.overbook.guest.ConfigurationException naming {@code --listen} if an address cannot be bound
     */
    public static LiveSession start(Options options, PrintWriter out) {
        LiveScenario live = LiveScenario.of(options.point(), options.addresses(), options.maxConnections(), options.pendingBytesMax());
        LiveSession session = new LiveSession(options, live, out);
        session.simulationThread.start();
        try {
            session.ready.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return session;
    }

    /** Returns the workloads a live session knows: every one on the class path, and the gateway. */
    static WorkloadRegistry registry() {
        return WorkloadRegistry.discover().register(GatewayEndpoint.NAME,
                "live mode's client tenant: requests from real TCP clients (overbook serve)", GatewayEndpoint::new);
    }

    /** Returns the port listen address {@code listen} is bound to. */
    public int port(int listen) {
        return server.port(listen);
    }

    /** Asks the session to stop; {@link #await()} returns once the results are written. */
    public void stop() {
        stop.set(true);
        LockSupport.unpark(simulationThread);
    }

    /**
     * Waits for the session to end (by {@link #stop()} or its duration), closes the listen addresses, and returns
     * the result written to the results folder. Interrupted, it leaves them open: stop the session and wait again.
     *
     * @throws RuntimeException what the simulation thread failed with
     */
    public TimedResult await() throws InterruptedException {
        // the listen addresses close only once the simulation has ended: interrupted here (the caller then stops the
        // session and waits again), the model may still be sending replies, which a closed event loop would refuse
        // (RejectedExecutionException, and the session's results lost)
        simulationThread.join();
        server.close();
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (failure instanceof Error e) {
            throw e;
        }
        if (failure != null) {
            throw new IllegalStateException(failure);
        }
        return result;
    }

    /**
     * Adds the session's wall-clock figures to {@code timing.txt}, the one file of the results that is not deterministic,
     * as every results file is written: whole or not at all.
     */
    private void appendWallFigures(Path timing) {
        AtomicFiles.append(timing, String.format(Locale.ROOT,
                "live session: speed %.3gx, largest lag of the model behind the wall clock %.3f ms; edge: %s%n",
                options.speed(), worstLagNanos() / 1e6, edgeCounters()));
    }

    /** Returns the largest lag of the model behind the wall clock over the session, in virtual nanoseconds. */
    public long worstLagNanos() {
        return pacer.worstLagNanos();
    }

    /**
     * Returns the connections accepted, refused for the limit, read stops for back-pressure, clients closed for the replies
     * they left unread, socket errors and handler failures so far.
     */
    public String edgeCounters() {
        return "accepted " + server.accepted() + ", refused " + server.refused() + ", read stops " + server.backpressureStops()
                + ", closed for unread replies " + server.unreadCloses() + ", socket errors " + server.ioErrors()
                + ", handler failures " + server.handlerFailures();
    }

    /** Returns the client connections open at the edge now. */
    public int openConnections() {
        return server.openConnections();
    }
}
