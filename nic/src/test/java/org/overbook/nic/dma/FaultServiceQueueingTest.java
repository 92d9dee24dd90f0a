package org.overbook.nic.dma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The fault-service pool below saturation, under Poisson arrivals, against queueing theory: one worker of fixed
 * service time S is M/D/1, whose mean wait is ρS / (2(1 − ρ)) (Pollaczek–Khinchine); c workers of exponential
 * service time (mean 1/μ) taking jobs first come, first served on the worker that frees first are M/M/c, whose
 * mean wait is C(c, a) / (cμ − λ) with a = λ/μ and Erlang's C formula.
 *
 * <p>Tolerance: the waits of successive jobs are correlated, so the standard error of their mean comes from 20
 * batch means (each batch tens of thousands of jobs, far longer than the queue's memory at these loads), and the
 * measured mean must lie within 4 of those standard errors of the formula (Student t with 19 degrees of freedom:
 * a false alarm about once in 1,000 seeds). The first tenth of the jobs, from an empty pool, is not counted.
 */
class FaultServiceQueueingTest {

    private static final int JOBS = 1_000_000;
    private static final int BATCHES = 20;

    /** Erlang's C: the probability that an arrival waits in M/M/c with offered load a = λ/μ. */
    private static double erlangC(int c, double a) {
        double term = 1; // a^k / k!
        double below = 0;
        for (int k = 0; k < c; k++) {
            below += term;
            term *= a / (k + 1);
        }
        double atC = term / (1 - a / c);
        return atC / (below + atC);
    }

    @ParameterizedTest(name = "M/D/1 at rho {0}")
    @CsvSource({"0.5, 41", "0.8, 42"})
    void oneWorkerOfFixedServiceIsMD1(double rho, long seed) {
        long service = 10_000;
        double lambda = rho / service; // per ns
        double expected = rho * service / (2 * (1 - rho));
        check(1, lambda, random -> service, expected, seed, "M/D/1 at rho " + rho);
    }

    @ParameterizedTest(name = "M/M/{0} at rho {1}")
    @CsvSource({"1, 0.7, 43", "4, 0.7, 44", "8, 0.9, 45"})
    void workersOfExponentialServiceAreMMc(int workers, double rho, long seed) {
        double mean = 20_000;
        double mu = 1 / mean;
        double lambda = rho * workers * mu;
        double expected = erlangC(workers, lambda / mu) / (workers * mu - lambda);
        check(workers, lambda, random -> Math.max(1, Math.round(-StrictMath.log1p(-random.nextDouble()) * mean)), expected,
                seed, "M/M/" + workers + " at rho " + rho);
    }

    private interface Draw {
        long next(SplittableRandom random);
    }

    private static void check(int workers, double lambdaPerNano, Draw serviceDraw, double expected, long seed, String what) {
        SplittableRandom arrivals = new SplittableRandom(seed);
        SplittableRandom services = new SplittableRandom(seed + 1_000);
        long[] drawn = new long[1];
        FaultServicePool pool = new FaultServicePool(workers, (start, tenant, pages, count, prefetch, forWrite) -> start + drawn[0]);
        int[] page = {0};
        int skipped = JOBS / 10;
        int perBatch = (JOBS - skipped) / BATCHES;
        double[] batchMeans = new double[BATCHES];
        long arrival = 0;
        for (int job = 0; job < skipped + perBatch * BATCHES; job++) {
            arrival += Math.round(-StrictMath.log1p(-arrivals.nextDouble()) / lambdaPerNano);
            drawn[0] = serviceDraw.next(services);
            long wait = pool.serve(arrival, 0, page, 1, page, 0, true) - arrival - drawn[0];
            if (job >= skipped) {
                batchMeans[(job - skipped) / perBatch] += (double) wait / perBatch;
            }
        }
        double mean = 0;
        for (double b : batchMeans) {
            mean += b / BATCHES;
        }
        double variance = 0;
        for (double b : batchMeans) {
            variance += (b - mean) * (b - mean) / (BATCHES - 1);
        }
        double standardError = Math.sqrt(variance / BATCHES);
        assertTrue(Math.abs(mean - expected) < 4 * standardError, String.format(
                "seed %d, %s: mean wait %.0f ns, the formula %.0f ns (%+.1f %%), 4 standard errors %.0f ns", seed, what,
                mean, expected, 100 * (mean / expected - 1), 4 * standardError));
        // The standard error must be small enough that the check can fail: well under a tenth of the mean.
        assertTrue(4 * standardError < 0.1 * expected, String.format("seed %d, %s: 4 standard errors (%.0f ns) are "
                + "not under 10 %% of the formula's %.0f ns: too few jobs to tell", seed, what, 4 * standardError, expected));
        assertEquals(skipped + perBatch * BATCHES, pool.jobs());
        System.out.printf("%s: mean wait %.0f ns against %.0f ns (%+.1f %%), 4 SE %.0f ns%n", what, mean, expected,
                100 * (mean / expected - 1), 4 * standardError);
    }
}
