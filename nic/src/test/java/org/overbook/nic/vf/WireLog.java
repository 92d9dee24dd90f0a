package org.overbook.nic.vf;

import java.util.ArrayList;
import java.util.List;
import org.overbook.hypervisor.sim.Simulation;
import org.overbook.nic.link.Link;

/**
 * What went on one direction of the wire, event by event: the simulation is run one event at a time, and each event
 * that handed packets to the direction is logged with its time and how many packets and payload bytes it handed.
 */
final class WireLog {

    /** One event's packets: {@code packets} packets of {@code bytes} payload bytes in all, handed over at {@code time}. */
    record Entry(long time, long packets, long bytes) {
    }

    private WireLog() {
    }

    /** Runs {@code simulation} until no event is left, logging what each event handed to {@code direction}. */
    static List<Entry> run(Simulation simulation, Link.Direction direction) {
        List<Entry> log = new ArrayList<>();
        long packets = direction.packets();
        long bytes = direction.payloadBytes();
        while (simulation.step()) {
            if (direction.packets() != packets) {
                log.add(new Entry(simulation.now(), direction.packets() - packets, direction.payloadBytes() - bytes));
                packets = direction.packets();
                bytes = direction.payloadBytes();
            }
        }
        return log;
    }
}
