package org.overbook.live.session;

import java.util.ArrayList;
import java.util.List;
import org.eclipse.collections.impl.map.mutable.primitive.IntObjectHashMap;
import org.overbook.guest.Workload;
import org.overbook.hypervisor.sim.Simulation;
import org.overbook.live.gateway.Arrival;
import org.overbook.live.gateway.GatewayEndpoint;
import org.overbook.perf.scenario.Deployment;

/**
 * Moves a session's simulation forward, the same way live and in a replay: arrivals are logged and injected at an
 * absolute virtual time with the simulation where it stands (its horizon), and the simulation runs to a target in
 * steps that stop at every multiple of the sampling interval to sample the time series. Sampling at fixed virtual
 * times, never wall-clock ones, is what keeps a session's results reproducible from its log. Simulation thread only.
 */
final class Stepper {

    /** Virtual time between two samples of the time series. */
    static final long SAMPLE_EVERY_NANOS = 100_000_000L;

    private final Simulation simulation;
    private final Runnable sample;
    private final SessionLog.Writer log;
    private final List<GatewayEndpoint> gateways = new ArrayList<>();
    private final IntObjectHashMap<GatewayEndpoint> byConnection = new IntObjectHashMap<>();
    private long nextSample = SAMPLE_EVERY_NANOS;
    private long lastSample;

    Stepper(Deployment deployment, Runnable sample, SessionLog.Writer log) {
        this.simulation = deployment.testbed().simulation();
        this.sample = sample;
        this.log = log;
        for (Workload workload : deployment.clientWorkloads()) {
            if (workload instanceof GatewayEndpoint gateway) {
                gateways.add(gateway);
            }
        }
    }

    /** Returns the gateway tenants, in listen order. */
    List<GatewayEndpoint> gateways() {
        return gateways;
    }

    Simulation simulation() {
        return simulation;
    }

    /** Logs {@code arrival} and has its gateway apply it at virtual time {@code time} (not before now). */
    void inject(Arrival arrival, long time) {
        log.arrival(time, simulation.now(), arrival);
        GatewayEndpoint gateway = arrival instanceof Arrival.Open open
                ? gatewayOf(open.listen()) : byConnection.get(arrival.connection());
        if (gateway == null) {
            return;
        }
        switch (arrival) {
            case Arrival.Open open -> byConnection.put(open.connection(), gateway);
            case Arrival.Close close -> byConnection.remove(close.connection());
            default -> { }
        }
        simulation.scheduleAt(time, () -> gateway.arrive(arrival));
    }

    /** Runs the simulation to {@code time}, sampling at every interval boundary on the way. */
    void advanceTo(long time) {
        while (nextSample <= time) {
            simulation.runUntil(nextSample);
            sample.run();
            lastSample = nextSample;
            nextSample += SAMPLE_EVERY_NANOS;
        }
        simulation.runUntil(time);
    }

    /** Takes the last sample, at the end of the session, unless one was just taken there. */
    void finish() {
        if (simulation.now() > lastSample) {
            sample.run();
            lastSample = simulation.now();
        }
    }

    private GatewayEndpoint gatewayOf(int listen) {
        for (GatewayEndpoint gateway : gateways) {
            if (gateway.listen() == listen) {
                return gateway;
            }
        }
        return null;
    }
}
