package org.overbook.perf.report;

/**
 * A metric over the replications of a point: its mean, its sample standard deviation and the 95 % confidence
 * interval of its mean, {@code mean ± t(0.975, n - 1) · sd / √n} ({@link StudentT}, the same on every machine), which
 * assumes the replications are independent draws of a roughly normal figure: the seeds are independent, and a
 * point's total is a sum over many requests.
 *
 * @param n    how many replications
 * @param mean the mean over them
 * @param sd   the sample standard deviation ({@code n - 1} in the denominator), 0 for one replication
 * @param low  the interval's lower bound (the mean for one replication, which has no interval)
 * @param high the interval's upper bound
 */
public record Interval(int n, double mean, double sd, double low, double high) {

    /** The two-sided confidence level of every interval. */
    public static final double CONFIDENCE = 0.95;

    /** Returns the interval of {@code values}, one per replication (at least one). */
    public static Interval of(double[] values) {
        int n = values.length;
        if (n == 0) {
            throw new IllegalArgumentException("no values");
        }
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        double mean = sum / n;
        if (n == 1) {
            return new Interval(1, mean, 0, mean, mean);
        }
        double squares = 0;
        for (double v : values) {
            squares += (v - mean) * (v - mean);
        }
        return of(n, mean, Math.sqrt(squares / (n - 1)));
    }

    /** Returns the interval of {@code n} (at least 2) replications of mean {@code mean} and sample standard deviation {@code sd}. */
    public static Interval of(int n, double mean, double sd) {
        if (n < 2) {
            throw new IllegalArgumentException("n " + n + " < 2");
        }
        double half = StudentT.quantile(0.5 + CONFIDENCE / 2, n - 1) * sd / Math.sqrt(n);
        return new Interval(n, mean, sd, mean - half, mean + half);
    }

    /** Returns half the interval's width: the {@code ±} of {@code mean ± halfWidth}. */
    public double halfWidth() {
        return (high - low) / 2;
    }
}
