package org.overbook.perf.fuzz;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.overbook.guest.ConfigurationException;
import org.overbook.hypervisor.memory.HostOutOfMemoryException;
import org.overbook.perf.api.Experiments;
import org.overbook.perf.run.EventLimitReached;
import org.overbook.perf.run.RunFailure;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.TenantRow;
import org.overbook.perf.scenario.Scenario;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.SweepPoint;

/**
 * Runs one generated scenario the way a user's file runs: parsed and checked by the scenario loader, then its one
 * point run by the runner the command uses, twice. The outcome is one of: refused (a configuration error, which
 * must be one line naming a field), passed (both runs equal and every {@link ResultInvariants invariant} held), or
 * stopped at a limit of the modelled system ({@link Limited}), or failed, saying how: an exception out of the model, a
 * refusal that is not one line, two runs that differ, an invariant broken, or a run that dispatched more events than its
 * limit allows (an event storm; a run whose virtual time stands still is stopped by the runner itself). The bound is a
 * count of events, not wall time, so a case's outcome is the same on any machine under any load.
 */
public final class FuzzRunner {

    /** What became of one scenario. */
    public sealed interface Outcome permits Passed, Refused, Limited, Failed {
    }

    /**
     * Ran twice, equal, every invariant held; {@code events} dispatched by one run; {@code idle} if it has memcached servers
     * but they executed no request in the whole run (no invariant says they must, but it is worth a look).
     */
    public record Passed(long events, boolean idle) implements Outcome {
    }

    /** Refused before it ran, with {@code message} naming {@code field}. */
    public record Refused(String field, String message) implements Outcome {
    }

    /**
     * Stopped at a limit of the modelled system, with a clear message: the host's RAM all pinned by a pinning memory
     * policy's registrations (as Linux ends in the OOM killer), which the checks cannot foresee.
     */
    public record Limited(String kind, String message) implements Outcome {
    }

    /** A defect: {@code kind} (exception, refusal, nondeterminism, invariant, event storm) and what was seen. */
    public record Failed(String kind, String detail) implements Outcome {
    }

    /** The memory policies that pin a workload's registered buffers (pin-all's tenants are checked before the run). */
    private static final Set<String> PINNING = Set.of("pin-on-register", "pin-down-cache");

    /**
     * Events a run of a generated case may dispatch: a generated case lasts at most about 80 ms of virtual time, and the
     * largest of the test suite's 120 cases dispatches 3.0 M events; a run past 17 times that is a storm.
     */
    public static final long EVENT_LIMIT = 50_000_000;

    private final Experiments experiments;
    private final Runner runner;
    private final Path workDirectory;

    /** Returns a runner of scenarios through {@code experiments}, each run stopped after {@code eventLimit} events. */
    public FuzzRunner(Experiments experiments, Path workDirectory, long eventLimit) {
        this.experiments = Objects.requireNonNull(experiments, "experiments");
        this.runner = Runner.standard(experiments.catalog()).stoppingAfterEvents(eventLimit);
        this.workDirectory = Objects.requireNonNull(workDirectory, "workDirectory");
    }

    /** Generates the scenario of {@code seed} and runs it. */
    public Outcome run(long seed) {
        return run(ScenarioGenerator.scenario(seed), "fuzz-" + seed + ".yaml");
    }

    /** Runs the scenario {@code yaml}, named {@code source} in errors. */
    public Outcome run(String yaml, String source) {
        SweepPoint point;
        try {
            ScenarioFile file = experiments.parse(yaml, source);
            point = file.points().getFirst();
        } catch (ConfigurationException e) {
            return refusal(e);
        } catch (RuntimeException e) {
            return new Failed("exception", "checking the scenario threw " + e);
        }
        RunResult first;
        RunResult second;
        try {
            first = runOnce(point, "a");
            second = runOnce(point, "b");
        } catch (ConfigurationException e) {
            return refusal(e);
        } catch (RunFailure e) {
            if (e.getCause() instanceof EventLimitReached) {
                return new Failed("event storm", e.getMessage());
            }
            if (e.getCause() instanceof HostOutOfMemoryException && pins(point)) {
                return new Limited("host memory all pinned", e.getMessage());
            }
            return new Failed("exception", e.getMessage());
        } catch (RuntimeException | AssertionError e) {
            return new Failed("exception", e.toString());
        }
        if (!first.equals(second)) {
            return new Failed("nondeterminism", difference(first, second));
        }
        List<String> violations = ResultInvariants.check(first);
        if (!violations.isEmpty()) {
            return new Failed("invariant", String.join("; ", violations));
        }
        boolean servers = first.tenants().stream().anyMatch(t -> t.workload().equals("memcached"));
        double executed = first.tenants().stream().filter(t -> t.workload().equals("memcached"))
                .mapToDouble(t -> t.value("workload.requests")).sum();
        return new Passed(first.events(), servers && executed == 0);
    }

    private RunResult runOnce(SweepPoint point, String name) {
        return runner.run(point, workDirectory.resolve(name)).result();
    }

    /** Returns whether some server tenant's memory policy pins what it registers. */
    private static boolean pins(SweepPoint point) {
        Scenario s = point.scenario();
        return s.tenantNames().stream().map(tenant -> s.nic().memoryPolicyOf(tenant).name()).anyMatch(PINNING::contains);
    }

    private static Outcome refusal(ConfigurationException e) {
        String message = e.getMessage();
        if (message == null || message.isBlank() || message.contains("\n") || e.field() == null || e.field().isBlank()) {
            return new Failed("refusal", "a configuration error that is not one line naming a field: " + message);
        }
        return new Refused(e.field(), message);
    }

    /** Says where two runs of one scenario first differ. */
    static String difference(RunResult a, RunResult b) {
        List<String> out = new ArrayList<>();
        if (a.events() != b.events()) {
            out.add("events " + a.events() + " against " + b.events());
        }
        differ("total", a.total(), b.total(), out);
        for (int i = 0; i < Math.min(a.tenants().size(), b.tenants().size()); i++) {
            TenantRow ta = a.tenants().get(i);
            differ(ta.name(), ta.metrics(), b.tenants().get(i).metrics(), out);
        }
        if (!a.histograms().equals(b.histograms())) {
            out.add("latency histograms differ");
        }
        if (!a.timeSeries().equals(b.timeSeries())) {
            out.add("time series differ");
        }
        if (!a.resources().equals(b.resources())) {
            out.add("resource series differ");
        }
        return out.isEmpty() ? "the results differ" : String.join("; ", out.subList(0, Math.min(out.size(), 8)));
    }

    private static void differ(String who, Map<String, Number> a, Map<String, Number> b, List<String> out) {
        a.forEach((name, value) -> {
            if (!Objects.equals(value, b.get(name))) {
                out.add(who + " " + name + ": " + value + " against " + b.get(name));
            }
        });
    }
}
