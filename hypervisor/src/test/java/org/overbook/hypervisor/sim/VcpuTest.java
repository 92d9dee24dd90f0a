package org.overbook.hypervisor.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class VcpuTest {

    private final Simulation sim = new Simulation(7);
    private final Vcpu vcpu = new Vcpu(sim);
    private final List<String> log = new ArrayList<>();

    @Test
    void chargesDelayWhatAHandlerPosts() {
        sim.schedule(100, () -> vcpu.submit(() -> {
            vcpu.charge(50);
            log.add("post at " + vcpu.now());
            vcpu.schedule(0, () -> log.add("posted ran at " + vcpu.now()));
        }));
        sim.run();
        assertEquals(List.of("post at 150", "posted ran at 150"), log);
        assertEquals(50, vcpu.busyNanos());
    }

    @Test
    void aTaskThatThrowsIsKeptAsTheVcpusAndItsExceptionGoesOnAsItWas() {
        Vcpu other = new Vcpu(sim);
        IllegalStateException bug = new IllegalStateException("the task's own bug");
        sim.schedule(100, () -> other.submit(() -> log.add("other ran")));
        sim.schedule(200, () -> vcpu.submit(() -> {
            throw bug;
        }));
        assertSame(bug, assertThrows(IllegalStateException.class, sim::run));
        assertEquals(List.of("other ran"), log);
        assertTrue(vcpu.taskThrew(), "the vCPU whose task threw");
        assertFalse(other.taskThrew(), "a vCPU whose tasks ran to their end");
    }

    @Test
    void workArrivingWhileBusyWaitsInArrivalOrder() {
        sim.schedule(0, () -> vcpu.submit(() -> {
            log.add("A starts " + vcpu.now());
            vcpu.charge(1_000);
        }));
        sim.schedule(10, () -> vcpu.submit(() -> {
            log.add("B starts " + vcpu.now());
            vcpu.charge(5);
        }));
        sim.schedule(20, () -> vcpu.submit(() -> log.add("C starts " + vcpu.now())));
        sim.schedule(2_000, () -> vcpu.submit(() -> log.add("D starts " + vcpu.now())));
        sim.run();
        assertEquals(List.of("A starts 0", "B starts 1000", "C starts 1005", "D starts 2000"), log);
        assertEquals(4, vcpu.tasksRun());
    }

    @Test
    void aTimerFromAHandlerCountsFromTheChargedTime() {
        sim.schedule(0, () -> vcpu.submit(() -> {
            vcpu.charge(300);
            vcpu.schedule(700, () -> log.add("timer at " + vcpu.now()));
        }));
        sim.run();
        assertEquals(List.of("timer at 1000"), log);
    }

    @Test
    void aSpinningVcpuRunsNothingElseAndIsChargedForTheSpin() {
        sim.schedule(0, () -> vcpu.submit(() -> {
            vcpu.charge(100);
            vcpu.beginSpin(); // the spin starts when this task ends, at 100
        }));
        sim.schedule(500, () -> vcpu.submit(() -> log.add("queued work ran at " + vcpu.now())));
        sim.schedule(2_000, () -> vcpu.endSpin(2_000));
        sim.run();
        assertEquals(List.of("queued work ran at 2000"), log);
        assertEquals(100 + 1_900, vcpu.busyNanos());
    }

    /**
     * One pCPU, a 300 ns slice. A runs 200 ns tasks back to back; B wakes at 50 and waits. A's second task (200 to 400)
     * ends its slice, so A yields the pCPU, which goes to B at 400. A spin A began at 300 from outside its tasks would
     * spin on that yielded pCPU (the one A ran on last) and hold it from B, though A runs nothing; it is refused.
     */
    @Test
    void aSpinBegunOutsideATaskOfTheVcpuIsRefused() {
        PhysicalCpus one = new PhysicalCpus(sim, 1, 300);
        Vcpu a = new Vcpu(sim, one, false);
        Vcpu b = new Vcpu(sim, one, false);
        Runnable[] busy = new Runnable[1];
        busy[0] = () -> {
            a.charge(200);
            a.submit(busy[0]);
        };
        sim.schedule(0, () -> a.submit(busy[0]));
        sim.schedule(50, () -> b.submit(() -> log.add("B ran at " + b.now())));
        sim.schedule(300, () -> {
            assertFalse(a.inTask());
            a.beginSpin();
        });
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> sim.runUntil(1_000));
        assertTrue(refused.getMessage().startsWith("Vcpu.beginSpin() outside a task of this vCPU"), refused.getMessage());
        sim.runUntil(1_000);
        assertEquals(List.of("B ran at 400"), log, "B takes the pCPU A yielded");
    }

    @Test
    void hostWorkPreemptsASpinHoldingTheOnlyPcpu() {
        PhysicalCpus one = new PhysicalCpus(sim, 1, 3_000_000);
        Vcpu spinner = new Vcpu(sim, one, false);
        sim.schedule(0, () -> spinner.submit(() -> {
            spinner.charge(100);
            spinner.beginSpin(); // holds the one pCPU from 100 until the spin ends
        }));
        long[] done = new long[2];
        sim.schedule(500, () -> {
            done[0] = one.runHostWork(400);        // a fault worker woken now
            done[1] = one.runHostWork(2_000, 300); // one booked to start later
        });
        sim.schedule(5_000, () -> spinner.endSpin(5_000));
        sim.run();
        assertEquals(900, done[0], "now plus its CPU time, not after a spin without end");
        assertEquals(2_300, done[1]);
    }

    /**
     * An I/O stall (a synchronous fault's read) moves the task's clock and the vCPU's next task, and is not CPU time.
     * A task from 100 charges 50 and stalls until 400: what it does next happens at 400 (a stall until a time already
     * past, 300, changes nothing), and its 10 more end it at 410, where the task submitted at 200 starts. Outside a
     * task, a stall from 1,000 to 1,500 holds back the task submitted at 1,200 until 1,500. Stalled 250 + 500.
     */
    @Test
    void aStallDelaysTheTaskAndTheVcpuAndIsNotCpuTime() {
        sim.schedule(100, () -> vcpu.submit(() -> {
            vcpu.charge(50);
            vcpu.stallUntil(400, false);
            vcpu.stallUntil(300, false);
            log.add("first goes on at " + vcpu.now());
            vcpu.charge(10);
        }));
        sim.schedule(200, () -> vcpu.submit(() -> log.add("second starts " + vcpu.now())));
        sim.schedule(1_000, () -> vcpu.stallUntil(1_500, false));
        sim.schedule(1_200, () -> vcpu.submit(() -> log.add("third starts " + vcpu.now())));
        sim.run();
        assertEquals(List.of("first goes on at 400", "second starts 410", "third starts 1500"), log);
        assertEquals(250 + 500, vcpu.stallNanos());
        assertEquals(60, vcpu.busyNanos());
    }

    /**
     * With asynchronous page faults a task that stalls on a fault is put aside: what it does next happens after the
     * page is in, but the vCPU's next task starts when the faulting one's CPU work is done. A wait that is not a fault
     * (reclaim waiting for write-back) still stalls the vCPU. A's 10 ns then a wait until 1,000: B starts at 1,000;
     * B's 10 then a fault until 2,000: B goes on at 2,000, and C starts at 1,010.
     */
    @Test
    void anAsynchronousFaultStallsTheTaskNotTheVcpu() {
        Vcpu async = new Vcpu(sim, PhysicalCpus.unlimited(sim), true);
        sim.schedule(0, () -> {
            async.submit(() -> {
                async.charge(10);
                async.stallUntil(1_000, false);
            });
            async.submit(() -> {
                log.add("B starts " + async.now());
                async.charge(10);
                async.stallUntil(2_000, true);
                log.add("B goes on at " + async.now());
            });
            async.submit(() -> log.add("C starts " + async.now()));
        });
        sim.run();
        assertEquals(List.of("B starts 1000", "B goes on at 2000", "C starts 1010"), log);
        assertEquals(990 + 990, async.stallNanos());
        assertEquals(20, async.busyNanos());
    }

    /**
     * At most {@link Vcpu#ASYNC_PF_PER_VCPU} = 64 asynchronous faults are outstanding on a vCPU; the 65th stalls it as
     * a synchronous fault does. 66 tasks each charge 10 ns and fault for 1 ms: task k &lt; 64 starts at 10 k; task 64
     * starts at 640 and finds 64 faults outstanding (the first ends at 1,000,010), so the vCPU waits with it until
     * 1,000,650, when task 65 starts; by then every earlier fault is over, and task 65's is asynchronous again.
     */
    @Test
    void theSixtyFifthOutstandingAsynchronousFaultStallsTheVcpu() {
        Vcpu async = new Vcpu(sim, PhysicalCpus.unlimited(sim), true);
        long[] starts = new long[66];
        long[] after = new long[66];
        sim.schedule(0, () -> {
            for (int k = 0; k < 66; k++) {
                int task = k;
                async.submit(() -> {
                    starts[task] = async.now();
                    async.charge(10);
                    async.stallUntil(async.now() + 1_000_000, true);
                    after[task] = async.now();
                });
            }
        });
        sim.run();
        assertEquals(630, starts[63]);
        assertEquals(640, starts[64]);
        assertEquals(1_000_650, starts[65]);
        assertEquals(1_000_010, after[0], "what the first task does after its fault");
        assertEquals(2_000_660, after[65], "the last task goes on after its own fault");
        assertEquals(66 * 1_000_000, async.stallNanos());
        assertEquals(660, async.busyNanos(), "CPU only");
    }

    /**
     * Time the host takes the vCPU away ({@code block}) moves the guest's clock past it and starts nothing meanwhile,
     * and is neither CPU time nor a stall. A task at 0 charges 100 and is blocked 300: it goes on at 400, where the
     * task submitted at 50 starts. Outside a task, 200 blocked from 1,000 hold back the task submitted at 1,100 until
     * 1,200. A cost of 0 charges or blocks nothing; a negative one is refused.
     */
    @Test
    void blockedTimeMovesTheClockWithoutChargingIt() {
        sim.schedule(0, () -> vcpu.submit(() -> {
            vcpu.charge(100);
            vcpu.block(300);
            vcpu.block(0);
            vcpu.charge(0);
            log.add("goes on at " + vcpu.now());
        }));
        sim.schedule(50, () -> vcpu.submit(() -> log.add("second starts " + vcpu.now())));
        sim.schedule(1_000, () -> vcpu.block(200));
        sim.schedule(1_100, () -> vcpu.submit(() -> log.add("third starts " + vcpu.now())));
        sim.run();
        assertEquals(List.of("goes on at 400", "second starts 400", "third starts 1200"), log);
        assertEquals(100, vcpu.busyNanos());
        assertEquals(0, vcpu.stallNanos());
        assertEquals("cannot block for negative time: -1 ns",
                assertThrows(IllegalArgumentException.class, () -> vcpu.block(-1)).getMessage());
        assertEquals("cannot charge negative time: -1 ns",
                assertThrows(IllegalArgumentException.class, () -> vcpu.charge(-1)).getMessage());
    }

    /**
     * Work charged outside a task (set-up) runs on a pCPU as host work does. One pCPU, busy with X's 1,000 ns task from
     * 0; at 100 the vCPU is charged 200 outside a task: it runs when the pCPU frees, 1,000 to 1,200, and the task
     * submitted with it starts at 1,200.
     */
    @Test
    void workChargedOutsideATaskRunsOnAPcpuAsHostWork() {
        PhysicalCpus one = new PhysicalCpus(sim, 1, 3_000_000);
        Vcpu x = new Vcpu(sim, one, false);
        Vcpu v = new Vcpu(sim, one, false);
        sim.schedule(0, () -> x.submit(() -> x.charge(1_000)));
        sim.schedule(100, () -> {
            v.charge(200);
            v.submit(() -> {
                log.add("task starts " + v.now());
                v.charge(10);
            });
        });
        sim.run();
        assertEquals(List.of("task starts 1200"), log);
        assertEquals(210, v.busyNanos());
        assertArrayEquals(new long[] {1_000 + 200 + 10}, one.busyNanos());
    }

    /**
     * Spins nest, and the vCPU spins until the last ends. A task at 100 begins a spin, and inside it a second: the
     * vCPU spins from the task's end, 100; the first end, at 500, leaves it spinning, and the work submitted at 200
     * runs at the second, 800. The spin is charged from 100 to 800. Ending a spin never begun is a bug, and says so.
     */
    @Test
    void spinsNestAndTheVcpuSpinsUntilTheLastEnds() {
        sim.schedule(100, () -> vcpu.submit(() -> {
            vcpu.beginSpin();
            vcpu.beginSpin();
        }));
        sim.schedule(200, () -> vcpu.submit(() -> log.add("work ran at " + vcpu.now())));
        sim.schedule(500, () -> vcpu.endSpin(500));
        sim.schedule(800, () -> vcpu.endSpin(800));
        sim.run();
        assertEquals(List.of("work ran at 800"), log);
        assertEquals(700, vcpu.busyNanos());
        assertEquals("endSpin without beginSpin",
                assertThrows(IllegalStateException.class, () -> vcpu.endSpin(900)).getMessage());
    }

    /**
     * A timer that fires while its vCPU is busy, spinning, or waiting for a pCPU runs after what is ahead of it. The
     * task at 0 (10 ns) sets a timer for 150; the vCPU is then busy from 120 to 1,120 with another task, and the timer
     * runs at 1,120. From 2,000 it spins (after a 10 ns task) until 3,000; a timer for 2,110 runs at 3,000.
     */
    @Test
    void aTimerThatFiresWhileTheVcpuIsBusyOrSpinningWaitsForIt() {
        sim.schedule(0, () -> vcpu.submit(() -> {
            vcpu.charge(10);
            vcpu.schedule(140, () -> log.add("first timer at " + vcpu.now()));
        }));
        sim.schedule(120, () -> vcpu.submit(() -> vcpu.charge(1_000)));
        sim.schedule(2_000, () -> vcpu.submit(() -> {
            vcpu.charge(10);
            vcpu.beginSpin();
            vcpu.schedule(100, () -> log.add("second timer at " + vcpu.now()));
        }));
        sim.schedule(3_000, () -> vcpu.endSpin(3_000));
        sim.run();
        assertEquals(List.of("first timer at 1120", "second timer at 3000"), log);
    }

    /**
     * One pCPU, busy with X's 1,000 ns task from 0. At 100 the vCPU is given a 10 ns task and waits for the pCPU; a
     * timer it set for 200 fires while it waits, and runs after that task, on the same turn: the task at 1,000 and the
     * timer at 1,010.
     */
    @Test
    void aTimerThatFiresWhileTheVcpuWaitsForAPcpuRunsAfterItsWaitingTask() {
        PhysicalCpus one = new PhysicalCpus(sim, 1, 3_000_000);
        Vcpu x = new Vcpu(sim, one, false);
        Vcpu v = new Vcpu(sim, one, false);
        sim.schedule(0, () -> x.submit(() -> x.charge(1_000)));
        sim.schedule(100, () -> {
            v.submit(() -> {
                log.add("task at " + v.now());
                v.charge(10);
            });
            v.schedule(100, () -> log.add("timer at " + v.now()));
        });
        sim.run();
        assertEquals(List.of("task at 1000", "timer at 1010"), log);
        assertEquals(900, v.runQueueWaitNanos());
    }

    /**
     * Set-up work charged outside a task in several pieces runs them back to back: 200 then 50 charged at 100 end at
     * 350, where the task submitted with them starts.
     */
    @Test
    void setUpWorkInPiecesRunsBackToBack() {
        sim.schedule(100, () -> {
            vcpu.charge(200);
            vcpu.charge(50);
            vcpu.submit(() -> log.add("task starts " + vcpu.now()));
        });
        sim.run();
        assertEquals(List.of("task starts 350"), log);
        assertEquals(250, vcpu.busyNanos());
    }

    /**
     * Set-up work charged outside a task in several pieces books every piece on a pCPU, each from the end of the one
     * before (the vCPU is one thread), as a host thread's runs one after another are booked. One pCPU, busy with X's
     * 1,000 ns task from 0; at 100 V is charged 200, 50 and 30 outside a task: they run 1,000 to 1,200 (a wait of
     * 900), 1,200 to 1,250 and 1,250 to 1,280. W's task, ready at 1,220, waits for all three and runs at 1,280 (a wait
     * of 60), where it ran at once, on the pCPU beside the second piece, while only the first was booked.
     */
    @Test
    void setUpWorkInPiecesBooksEveryPieceOnAPcpu() {
        PhysicalCpus one = new PhysicalCpus(sim, 1, 3_000_000);
        Vcpu x = new Vcpu(sim, one, false);
        Vcpu v = new Vcpu(sim, one, false);
        Vcpu w = new Vcpu(sim, one, false);
        sim.schedule(0, () -> x.submit(() -> x.charge(1_000)));
        sim.schedule(100, () -> {
            v.charge(200);
            v.charge(50);
            v.charge(30);
        });
        sim.schedule(1_220, () -> w.submit(() -> {
            log.add("W at " + w.now());
            w.charge(10);
        }));
        sim.run();
        assertEquals(List.of("W at 1280"), log);
        assertEquals(60, w.runQueueWaitNanos());
        assertEquals(280, v.busyNanos());
        assertArrayEquals(new long[] {1_000 + 200 + 50 + 30 + 10}, one.busyNanos());
        assertEquals(5, one.snapshot().requests(), "X's task, the three pieces and W's task");
        assertEquals(900 + 60, one.snapshot().waitNanos(), "the first piece's wait for X, and W's");
    }

    /**
     * A timer that fires while its vCPU's last task is still running (in virtual time) takes no pCPU before that task
     * ends. Two pCPUs: V's task at 0 sets a timer for 100, then charges 1,000 on pCPU 0. The timer runs at 1,000, on
     * pCPU 0 again; W's task at 500 finds pCPU 1 free and runs at once.
     */
    @Test
    void aTimerThatFiresWhileItsTaskStillRunsTakesNoPcpuBeforeItEnds() {
        PhysicalCpus two = new PhysicalCpus(sim, 2, 3_000_000);
        Vcpu v = new Vcpu(sim, two, false);
        Vcpu w = new Vcpu(sim, two, false);
        sim.schedule(0, () -> v.submit(() -> {
            v.schedule(100, () -> {
                log.add("timer at " + v.now());
                v.charge(10);
            });
            v.charge(1_000);
        }));
        sim.schedule(500, () -> w.submit(() -> {
            log.add("W at " + w.now());
            w.charge(10);
        }));
        sim.run();
        assertEquals(List.of("W at 500", "timer at 1000"), log);
        assertArrayEquals(new long[] {1_000 + 10, 10}, two.busyNanos(), "V on pCPU 0 throughout, W on pCPU 1");
    }

    /** A vCPU is in a task while one of its own tasks runs, and in none while another vCPU's does or between tasks. */
    @Test
    void aVcpuIsInATaskOnlyWhileOneOfItsOwnRuns() {
        Vcpu other = new Vcpu(sim);
        sim.schedule(0, () -> vcpu.submit(() -> log.add("own task: " + vcpu.inTask())));
        sim.schedule(10, () -> other.submit(() -> log.add("another's task: " + vcpu.inTask())));
        sim.schedule(20, () -> log.add("between tasks: " + vcpu.inTask()));
        sim.run();
        assertEquals(List.of("own task: true", "another's task: false", "between tasks: false"), log);
    }
}
