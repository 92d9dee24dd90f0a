package org.overbook.nic.vf;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.overbook.guest.verbs.CompletionQueue;
import org.overbook.hypervisor.sim.Simulation;

/** A completion queue's completions as its handler saw them: each one's time, by work request id, and their order. */
final class CompletionLog {

    private final Map<Long, Long> times = new HashMap<>();
    private final List<Long> order = new ArrayList<>();

    private CompletionLog() {
    }

    /** Logs every completion {@code queue} hands its handler from now on, at the simulation's time. */
    static CompletionLog of(CompletionQueue queue, Simulation simulation) {
        CompletionLog log = new CompletionLog();
        queue.onCompletion(c -> {
            log.times.put(c.id(), simulation.now());
            log.order.add(c.id());
        });
        return log;
    }

    /** Returns when the completion of request {@code id} reached the handler. */
    long time(long id) {
        Long time = times.get(id);
        if (time == null) {
            throw new AssertionError("request " + id + " never completed");
        }
        return time;
    }

    /** Returns the requests' ids in the order their completions reached the handler. */
    List<Long> order() {
        return order;
    }

    /** Returns 0, 1, .. {@code count} − 1: the order of requests numbered as they were posted. */
    static List<Long> postingOrder(int count) {
        return LongStream.range(0, count).boxed().toList();
    }
}
