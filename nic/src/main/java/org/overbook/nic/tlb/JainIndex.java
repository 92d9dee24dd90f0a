package org.overbook.nic.tlb;

/**
 * Jain's fairness index (R. Jain, D. Chiu, W. Hawe, DEC-TR-301, 1984): {@code (sum x)^2 / (n * sum x^2)}
 * for non-negative allocations {@code x}; 1 when all are equal, {@code 1/n} when one takes everything.
 */
final class JainIndex {
    private JainIndex() {}

    /** Returns the index of the first {@code n} values, or 1 when {@code n == 0} or all are zero. */
    static double of(double[] values, int n) {
        double sum = 0;
        double sumOfSquares = 0;
        for (int i = 0; i < n; i++) {
            sum += values[i];
            sumOfSquares += values[i] * values[i];
        }
        return sumOfSquares == 0 ? 1.0 : sum * sum / (n * sumOfSquares);
    }
}
