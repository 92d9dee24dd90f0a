package org.overbook.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.overbook.perf.scenario.SweepPoint;

/** An executor in front of another forwards how many points run at once, where, and closing; a point goes where it says. */
class ForwardingPointExecutorTest {

    /** Runs nothing; says how it was asked. */
    private static final class Behind implements PointExecutor {
        private int closed;

        @Override
        public CompletableFuture<TimedResult> run(SweepPoint point, Runner.Progress progress) {
            return CompletableFuture.failedFuture(new UnsupportedOperationException("runs nothing"));
        }

        @Override
        public int parallelism() {
            return 3;
        }

        @Override
        public String describe() {
            return "3 threads behind";
        }

        @Override
        public void close() {
            closed++;
        }
    }

    @Test
    void parallelismDescriptionAndClosingAreTheExecutorsBehind() {
        Behind behind = new Behind();
        ForwardingPointExecutor front = new ForwardingPointExecutor(behind) {
            @Override
            public CompletableFuture<TimedResult> run(SweepPoint point, Runner.Progress progress) {
                return points().run(point, progress);
            }
        };
        assertSame(behind, front.points());
        assertEquals(3, front.parallelism());
        assertEquals("3 threads behind", front.describe());
        front.close();
        assertEquals(1, behind.closed);
    }
}
