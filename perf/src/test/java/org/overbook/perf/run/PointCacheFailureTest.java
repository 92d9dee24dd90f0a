package org.overbook.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/**
 * A point that fails reaches its caller as the run's own exception, is forgotten (asked again, it runs again),
 * and leaves no logged stack trace behind: Caffeine logs every load that completes exceptionally.
 */
class PointCacheFailureTest {

    /** Fails the first run of every point with a runtime exception, then runs nothing else. */
    private static final class FailingExecutor implements PointExecutor {
        int calls;

        @Override
        public CompletableFuture<TimedResult> run(SweepPoint point, Runner.Progress progress) {
            calls++;
            return CompletableFuture.supplyAsync(() -> {
                throw new IllegalArgumentException("post_send(qp 0): bad verbs call " + point.label());
            });
        }

        @Override
        public int parallelism() {
            return 1;
        }

        @Override
        public String describe() {
            return "failing";
        }

        @Override
        public void close() {
        }
    }

    @Test
    void aFailedPointIsReportedForgottenAndNotLogged() throws Exception {
        Logger caffeine = Logger.getLogger("com.github.benmanes.caffeine.cache.LocalAsyncCache");
        List<LogRecord> logged = new ArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                logged.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        caffeine.addHandler(capture);
        try {
            ScenarioFile file = ScenarioLoader.standard().parse(SmallScenarios.SWEEP, "test");
            SweepPoint point = file.points().get(0);
            FailingExecutor executor = new FailingExecutor();
            PointCache cache = new PointCache(executor, 4);
            for (int attempt = 1; attempt <= 2; attempt++) {
                ExecutionException failure = assertThrows(ExecutionException.class,
                        () -> cache.get(point, Runner.Progress.none()).get());
                assertInstanceOf(IllegalArgumentException.class, failure.getCause(), "the run's own exception");
                assertTrue(failure.getCause().getMessage().contains("bad verbs call"));
            }
            assertEquals(2, executor.calls, "a failed point is forgotten, so asking again runs it again");
            assertEquals(2, cache.runs());
            assertEquals(List.of(), logged.stream().map(LogRecord::getMessage).toList(), "nothing logged");
        } finally {
            caffeine.removeHandler(capture);
        }
    }
}
