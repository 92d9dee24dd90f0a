package org.overbook.workloads.load;

/**
 * YCSB's core workloads A-F [1]: the operation mix and the request distribution of each, as in
 * YCSB's {@code workloads/workloada} ... {@code workloadf} property files.
 *
 * <p>[1] B. F. Cooper, A. Silberstein, E. Tam, R. Ramakrishnan, R. Sears. Benchmarking Cloud Serving
 * Systems with YCSB. SoCC 2010.
 */
public enum YcsbWorkload {
    /** Update heavy: 50% read, 50% update, zipfian. */
    A(0.50, 0.50, 0, 0, 0, RequestDistribution.ZIPFIAN),
    /** Read mostly: 95% read, 5% update, zipfian. */
    B(0.95, 0.05, 0, 0, 0, RequestDistribution.ZIPFIAN),
    /** Read only: 100% read, zipfian. */
    C(1.00, 0, 0, 0, 0, RequestDistribution.ZIPFIAN),
    /** Read latest: 95% read, 5% insert, reads skewed towards the newest records. */
    D(0.95, 0, 0.05, 0, 0, RequestDistribution.LATEST),
    /** Short ranges: 95% scan, 5% insert, zipfian scan starts, scan lengths uniform in 1..100. */
    E(0, 0, 0.05, 0.95, 0, RequestDistribution.ZIPFIAN),
    /** Read-modify-write: 50% read, 50% read-modify-write, zipfian. */
    F(0.50, 0, 0, 0, 0.50, RequestDistribution.ZIPFIAN);

    /** How YCSB picks the record an operation touches. */
    public enum RequestDistribution {
        /** Every existing record equally likely. */
        UNIFORM,
        /** Scrambled zipfian, θ = 0.99. */
        ZIPFIAN,
        /** Zipfian by recency: the newest record is the most popular. */
        LATEST
    }

    private final double read;
    private final double update;
    private final double insert;
    private final double scan;
    private final double readModifyWrite;
    private final RequestDistribution requestDistribution;

    YcsbWorkload(double read, double update, double insert, double scan, double readModifyWrite,
                 RequestDistribution requestDistribution) {
        this.read = read;
        this.update = update;
        this.insert = insert;
        this.scan = scan;
        this.readModifyWrite = readModifyWrite;
        this.requestDistribution = requestDistribution;
    }

    /** Returns the share of reads. */
    public double readProportion() {
        return read;
    }

    /** Returns the share of updates. */
    public double updateProportion() {
        return update;
    }

    /** Returns the share of inserts. */
    public double insertProportion() {
        return insert;
    }

    /** Returns the share of scans. */
    public double scanProportion() {
        return scan;
    }

    /** Returns the share of read-modify-writes. */
    public double readModifyWriteProportion() {
        return readModifyWrite;
    }

    /** Returns the workload's request distribution. */
    public RequestDistribution requestDistribution() {
        return requestDistribution;
    }

    /**
     * Picks an operation kind from one uniform {@code u} in [0, 1), walking the shares in YCSB's
     * order (read, update, insert, scan, read-modify-write) as YCSB's {@code DiscreteGenerator} does.
     */
    Operation.Kind kindAt(double u) {
        double sum = read;
        if (u < sum) {
            return Operation.Kind.GET;
        }
        sum += update;
        if (u < sum) {
            return Operation.Kind.UPDATE;
        }
        sum += insert;
        if (u < sum) {
            return Operation.Kind.INSERT;
        }
        sum += scan;
        if (u < sum) {
            return Operation.Kind.SCAN;
        }
        return readModifyWrite > 0 ? Operation.Kind.READ_MODIFY_WRITE : lastNonZero();
    }

    private Operation.Kind lastNonZero() {
        if (scan > 0) {
            return Operation.Kind.SCAN;
        }
        if (insert > 0) {
            return Operation.Kind.INSERT;
        }
        return update > 0 ? Operation.Kind.UPDATE : Operation.Kind.GET;
    }
}
