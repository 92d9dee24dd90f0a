package org.overbook.balloon;

import java.util.random.RandomGenerator;
import org.overbook.hypervisor.memory.HostMemory;
import org.overbook.hypervisor.memory.SecondLevelTable;

/**
 * Estimates the fraction of a tenant's memory in active use by statistical sampling, as ESX does
 * (Waldspurger, OSDI 2002, §5.3): at the start of each sampling period, {@code n} guest pages are
 * picked at random and their accessed bits cleared; at its end, the fraction {@code t / n} of them
 * touched since is the period's sample. Guest pages without a frame (never touched, swapped,
 * ballooned) count as untouched unless the guest faults them in during the period.
 *
 * <p>Samples are smoothed by two exponentially weighted moving averages, a fast one (gain 1/2) that
 * follows a growing working set within a period or two and a slow one (gain 1/10) that forgets a
 * shrinking one only over many; a third is the fast average updated with the current period's
 * touches so far. The estimate is the largest of the three, so it rises quickly and falls slowly. The
 * paper gives no gains; these are Overbook's. Until the first period ends, every tenant is taken to be
 * fully active, so none is taxed without evidence.
 *
 * <p>The probe shares the hardware accessed bit with the host's CLOCK reclaim ({@link
 * HostMemory#testAndClearAccessed}): a sampled page looks cold to CLOCK until touched again, and CLOCK
 * clearing a sampled page's bit hides a touch from the sample. At a hundred pages a period both
 * effects are small.
 */
public final class WorkingSetEstimator {

    static final double FAST_GAIN = 0.5;
    static final double SLOW_GAIN = 0.1;

    private final HostMemory memory;
    private final SecondLevelTable table;
    private final RandomGenerator random;
    private final int[] sample;
    private double fast;
    private double slow;
    private double lastSample = Double.NaN;
    private long periods;

    /**
     * @param memory      the host memory whose accessed bits are probed
     * @param table       the tenant's second-level table
     * @param random      this estimator's own random stream
     * @param samplePages pages sampled per period; all of them if the tenant has fewer
     */
    WorkingSetEstimator(HostMemory memory, SecondLevelTable table, RandomGenerator random, int samplePages) {
        this.memory = memory;
        this.table = table;
        this.random = random;
        this.sample = new int[Math.min(samplePages, table.pages())];
    }

    /** Picks a new sample of distinct pages and clears their accessed bits: a period starts. */
    public void beginPeriod() {
        int pages = table.pages();
        if (sample.length == pages) {
            for (int i = 0; i < pages; i++) {
                sample[i] = i;
            }
        } else {
            for (int i = 0; i < sample.length; i++) {
                int page;
                do {
                    page = random.nextInt(pages);
                } while (contains(sample, i, page));
                sample[i] = page;
            }
        }
        for (int page : sample) {
            memory.testAndClearAccessed(table, page);
        }
    }

    /** Counts the sampled pages touched since {@link #beginPeriod()} and folds the sample into the averages. */
    public void endPeriod() {
        int touched = 0;
        for (int page : sample) {
            if (memory.testAndClearAccessed(table, page)) {
                touched++;
            }
        }
        lastSample = (double) touched / sample.length;
        if (periods == 0) {
            fast = lastSample;
            slow = lastSample;
        } else {
            fast += FAST_GAIN * (lastSample - fast);
            slow += SLOW_GAIN * (lastSample - slow);
        }
        periods++;
    }

    /** Returns the estimated fraction of the tenant's pages in active use, in [0, 1]. */
    public double activeFraction() {
        if (periods == 0) {
            return 1;
        }
        int touchedSoFar = 0;
        for (int page : sample) {
            if (table.isAccessed(page)) {
                touchedSoFar++;
            }
        }
        double current = fast + FAST_GAIN * ((double) touchedSoFar / sample.length - fast);
        return Math.max(Math.max(fast, slow), current);
    }

    /** Returns the estimated active pages: the tenant's working set. */
    public long activePages() {
        return Math.round(activeFraction() * table.pages());
    }

    /** Returns the last completed period's sample, or NaN before the first. */
    public double lastSample() {
        return lastSample;
    }

    /** Returns how many sampling periods have completed. */
    public long periods() {
        return periods;
    }

    private static boolean contains(int[] values, int length, int value) {
        for (int i = 0; i < length; i++) {
            if (values[i] == value) {
                return true;
            }
        }
        return false;
    }
}
