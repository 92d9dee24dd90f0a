package org.overbook.hypervisor.memory;

import java.util.Arrays;

/**
 * Frames reclaim has taken back in the model's state but whose reclaim work has not finished in time:
 * kswapd's CPU for them, and for a dirty page its write to the swap device. Until then a frame does not
 * count as free for the min watermark, so when write-back lags behind reclaim the faulting contexts fall
 * below the min watermark and wait (Linux's direct reclaim throttling on write-back).
 *
 * <p>Two FIFO queues of completion times, each in nondecreasing order as it is booked: kswapd's runs on
 * the CPUs, and the device's writes, which its bottleneck serves in order.
 */
final class PendingFrees {

    private final TimeQueue cpuDone = new TimeQueue();
    private final TimeQueue writesDone = new TimeQueue();

    /** {@code frames} frames become free at {@code time} (kswapd done with clean victims). */
    void addAfterCpu(long time, int frames) {
        for (int i = 0; i < frames; i++) {
            cpuDone.add(time);
        }
    }

    /** One frame becomes free when its write completes at {@code time}. */
    void addAfterWrite(long time) {
        writesDone.add(time);
    }

    /** Returns how many frames are still pending at {@code time}, forgetting those done by {@code now}. */
    int pendingAt(long now, long time) {
        cpuDone.dropUpTo(now);
        writesDone.dropUpTo(now);
        return cpuDone.countAfter(time) + writesDone.countAfter(time);
    }

    /**
     * Returns the time at which at most {@code allowed} frames are still pending, looking from {@code time}
     * on: when enough reclaim work has completed.
     */
    long timeWhenPendingAtMost(long time, int allowed) {
        int pending = cpuDone.countAfter(time) + writesDone.countAfter(time);
        int i = cpuDone.indexAfter(time);
        int j = writesDone.indexAfter(time);
        long when = time;
        while (pending > allowed) {
            long a = i < cpuDone.size() ? cpuDone.get(i) : Long.MAX_VALUE;
            long b = j < writesDone.size() ? writesDone.get(j) : Long.MAX_VALUE;
            if (a <= b) {
                when = a;
                i++;
            } else {
                when = b;
                j++;
            }
            pending--;
        }
        return when;
    }

    /** A FIFO of times, kept sorted by being appended in nondecreasing order (a later one is clamped up). */
    private static final class TimeQueue {
        private long[] times = new long[64];
        private int head;
        private int tail;

        void add(long time) {
            if (tail == times.length) {
                if (head > times.length / 2) {
                    System.arraycopy(times, head, times, 0, tail - head);
                    tail -= head;
                    head = 0;
                } else {
                    times = Arrays.copyOf(times, times.length * 2);
                }
            }
            long last = tail > head ? times[tail - 1] : Long.MIN_VALUE;
            times[tail++] = Math.max(time, last);
        }

        void dropUpTo(long now) {
            while (head < tail && times[head] <= now) {
                head++;
            }
            if (head == tail) {
                head = 0;
                tail = 0;
            }
        }

        int size() {
            return tail - head;
        }

        long get(int index) {
            return times[head + index];
        }

        /** Returns the index of the first time after {@code time}. */
        int indexAfter(long time) {
            int lo = head;
            int hi = tail;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (times[mid] <= time) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo - head;
        }

        int countAfter(long time) {
            return size() - indexAfter(time);
        }
    }
}
