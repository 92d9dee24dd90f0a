package org.overbook.live.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Turns Ctrl-C (SIGINT) and SIGTERM into "stop the session" while {@code serve} runs: the session then ends as after
 * {@code --duration} and writes its results, which it could not do from a shutdown hook (the results writer
 * publishes nothing once the JVM is shutting down). A second signal ends the process at once (exit 130), for a
 * session that does not stop. The previous handlers come back with {@link #restore()}.
 */
final class StopOnSignal {

    private static final String[] SIGNALS = {"INT", "TERM"};

    private final List<Signal> signals = new ArrayList<>();
    private final List<SignalHandler> previous = new ArrayList<>();

    private StopOnSignal() {
    }

    /** Calls {@code stop} on the first SIGINT or SIGTERM; exits on the second. */
    static StopOnSignal install(Runnable stop) {
        StopOnSignal installed = new StopOnSignal();
        AtomicInteger received = new AtomicInteger();
        SignalHandler handler = signal -> {
            if (received.incrementAndGet() == 1) {
                stop.run();
            } else {
                Runtime.getRuntime().halt(130);
            }
        };
        for (String name : SIGNALS) {
            try {
                Signal signal = new Signal(name);
                installed.previous.add(Signal.handle(signal, handler));
                installed.signals.add(signal);
            } catch (IllegalArgumentException e) {
                // this platform has no such signal, or the JVM reserves it: the default stays
            }
        }
        return installed;
    }

    /** Puts the previous handlers back. */
    void restore() {
        for (int i = 0; i < signals.size(); i++) {
            Signal.handle(signals.get(i), previous.get(i));
        }
    }
}
