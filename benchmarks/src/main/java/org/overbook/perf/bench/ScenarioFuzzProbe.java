package org.overbook.perf.bench;

import java.io.IOException;
import java.util.List;
import org.overbook.perf.api.Experiments;
import org.overbook.perf.fuzz.Campaign;
import org.overbook.perf.fuzz.FuzzRunner;
import org.overbook.perf.fuzz.ScenarioGenerator;

/**
 * A long random-scenario campaign over the whole model: {@code COUNT} small scenarios drawn from seeds {@code SEED},
 * {@code SEED + 1}, ..., each run twice through the scenario loader and the runner and checked (package
 * {@code org.overbook.perf.fuzz}). Prints each failing case's seed, what failed and its YAML as it comes, then the
 * tally; exits 1 if any case failed. A case runs again alone as a campaign of one from its seed, and
 * {@code show SEED} prints its YAML.
 *
 * <p>Run: {@code nice -n 10 ./overbook probe ScenarioFuzzProbe 1000 1} (COUNT SEED [EVENT_LIMIT],
 * {@value FuzzRunner#EVENT_LIMIT} by default: a run that dispatches that many events before its end is an event storm).
 */
public final class ScenarioFuzzProbe {

    private ScenarioFuzzProbe() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length == 2 && args[0].equals("show")) {
            System.out.print(ScenarioGenerator.scenario(Long.parseLong(args[1])));
            return;
        }
        if (args.length < 2) {
            System.err.println("usage: ScenarioFuzzProbe COUNT FIRST [EVENT_LIMIT], or ScenarioFuzzProbe show N");
            System.exit(2);
        }
        int count = Integer.parseInt(args[0]);
        long seed = Long.parseLong(args[1]);
        long eventLimit = args.length > 2 ? Long.parseLong(args[2]) : FuzzRunner.EVENT_LIMIT;
        Campaign campaign;
        try (Experiments experiments = Experiments.builtIn();
             TemporaryDirectory directory = new TemporaryDirectory()) {
            FuzzRunner runner = new FuzzRunner(experiments, directory.path(), eventLimit);
            campaign = new Campaign(runner, System.out);
            int step = Math.max(1, Math.min(50, count / 10));
            for (int done = 0; done < count; done += step) {
                campaign.run(seed + done, Math.min(step, count - done));
                System.out.println("after " + Math.min(count, done + step) + ": " + campaign.tally());
            }
        }
        System.out.println(campaign.tally());
        List<Long> idle = campaign.idle();
        System.out.println(idle.size() + " passed with memcached servers that executed no request: " + idle.subList(0,
                Math.min(idle.size(), 40)));
        System.exit(campaign.failures().isEmpty() ? 0 : 1);
    }
}
