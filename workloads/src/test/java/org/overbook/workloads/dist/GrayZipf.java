package org.overbook.workloads.dist;

/**
 * The probabilities that Gray et al.'s zipfian method assigns, computed in closed form from its tail
 * P(item ≥ k) = (1 - (k/n)^(1-θ)) / η for k ≥ 2, not by running a generator; and exact Zipf for
 * comparison.
 */
final class GrayZipf {

    private GrayZipf() {
    }

    static double zeta(long n, double theta) {
        double sum = 0;
        for (long i = 1; i <= n; i++) {
            sum += Math.pow(i, -theta);
        }
        return sum;
    }

    /** Returns P(item = k) for k in [0, n) under Gray's method with ζ(n) as normaliser. */
    static double[] pmf(int n, double theta) {
        return pmf(n, theta, zeta(n, theta), n);
    }

    /** Returns the first {@code cells} probabilities for {@code n} items and normaliser {@code zetan}. */
    static double[] pmf(long n, double theta, double zetan, int cells) {
        double[] p = new double[cells];
        p[0] = 1 / zetan;
        if (cells > 1) {
            p[1] = Math.pow(2, -theta) / zetan;
        }
        if (n > 2) {
            double eta = (1 - Math.pow(2.0 / n, 1 - theta)) / (1 - (1 + Math.pow(2, -theta)) / zetan);
            for (int k = 2; k < cells; k++) {
                // T(k) - T(k+1), written to stay accurate when k is tiny next to n.
                p[k] = Math.pow((double) k / n, 1 - theta) * Math.expm1((1 - theta) * Math.log1p(1.0 / k)) / eta;
            }
        }
        return p;
    }

    /** Returns P(item ≥ k) under Gray's method, k ≥ 2. */
    static double tail(long n, double theta, double zetan, long k) {
        double eta = (1 - Math.pow(2.0 / n, 1 - theta)) / (1 - (1 + Math.pow(2, -theta)) / zetan);
        return -Math.expm1((1 - theta) * Math.log((double) k / n)) / eta;
    }

    /** Returns the exact Zipf probabilities 1/(k+1)^θ / ζ(n). */
    static double[] exact(int n, double theta) {
        double z = zeta(n, theta);
        double[] p = new double[n];
        for (int k = 0; k < n; k++) {
            p[k] = Math.pow(k + 1, -theta) / z;
        }
        return p;
    }
}
