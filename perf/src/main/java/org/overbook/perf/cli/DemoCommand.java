package org.overbook.perf.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.overbook.perf.demo.OvercommitDemo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code overbook demo}: runs the built-in overcommit demo (host only, no NIC) and prints what the host did. */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Runs the built-in demo: three tenants touching memory at 3x overcommit.",
                "Prints faults, swap traffic and frame use per tenant. Experiments: overbook run [FILE]."})
final class DemoCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--seed", paramLabel = "N", description = "Scenario seed (default: ${DEFAULT-VALUE}).", defaultValue = "1")
    private long seed;

    @Option(names = "--duration", paramLabel = "TIME", description = "Simulated time, e.g. 500ms or 2s (default: ${DEFAULT-VALUE}).", defaultValue = "2s")
    private String duration;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        OvercommitDemo.Result result = OvercommitDemo.run(seed, org.overbook.guest.Units.nanos("--duration", duration));
        result.print(out);
        out.flush();
        return result.mismatches() == 0 ? 0 : ErrorReporter.FAILURE;
    }
}
