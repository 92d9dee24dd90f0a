package org.overbook.live.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/** What a live session calls the point it serves: a file's only point alone, a sweep's point out of the file's. */
class SessionSourceTest {

    private static final String ONE_POINT = """
            host: {memory: 16MiB, swap: 32MiB}
            tenants: {count: 1, template: {memory: 16MiB}}
            """;

    @Test
    void aFileOfOnePointIsNamedAloneAndASweepsPointOutOfTheFilesPoints() {
        ScenarioLoader loader = ScenarioLoader.standard();
        List<SweepPoint> one = loader.parse(ONE_POINT, "live.yaml").points();
        assertEquals("overbook serve live.yaml", SessionSource.of(Path.of("scenarios", "live.yaml"), one, 0));

        List<SweepPoint> swept = loader.parse(ONE_POINT + "sweep: {tenants.count: [1]}\n", "one.yaml").points();
        assertEquals("overbook serve one.yaml (tenants.count=1)", SessionSource.of(Path.of("one.yaml"), swept, 0),
                "a sweep of one value keeps the label that says what it set");

        List<SweepPoint> defaults = loader.defaultScenario().points();
        assertEquals("overbook serve (default scenario), point 6 of 7 (nic.memory-policy=on-demand, tenants.count=6, clients.count=6)",
                SessionSource.of(null, defaults, 6));
        assertEquals("overbook serve (default scenario), point 0 of 7 (nic.memory-policy=pin-all, tenants.count=1, clients.count=1)",
                SessionSource.of(null, defaults, 0));
    }
}
