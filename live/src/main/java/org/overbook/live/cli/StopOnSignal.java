package org.overbook.live.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Turns Ctrl-C (SIGINT) and SIGTERM into "stop the session" while {@code serve} runs: the session then ends as after
 * {@code --duration} and writes its results, which it could not do from a shutdown hook (the results writer
 * publishes nothing once the JVM is shutting down). A second signal ends the process (exit 130), for a session that
 * does not stop, through the shutdown hooks (the swap files removed, files being written finished, no results folder
 * written); a third halts it at once. The previous handlers come back with {@link #restore()}.
 */
final class StopOnSignal {

    private static final String[] SIGNALS = {"INT", "TERM"};

    private final List<Signal> signals = new ArrayList<>();
    private final List<SignalHandler> previous = new ArrayList<>();

    private StopOnSignal() {
    }

    /** Calls {@code stop} on the first SIGINT or SIGTERM; exits on the second; halts on the third. */
    static StopOnSignal install(Runnable stop) {
        StopOnSignal installed = new StopOnSignal();
        AtomicInteger received = new AtomicInteger();
        SignalHandler handler = signal -> {
            int count = received.incrementAndGet();
            if (count == 1) {
                stop.run();
            } else if (count == 2) {
                // exit, not halt: the shutdown hooks still remove the swap files and finish the results files being written
                Thread.ofPlatform().name("overbook-exit").start(() -> System.exit(130));
            } else {
                Runtime.getRuntime().halt(130); // a third: even the hooks are taking too long
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
