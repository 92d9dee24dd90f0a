/**
 * The workloads that ship with Overbook, written against the guest API alone: proof that the API is
 * enough for a real workload. Found by name through {@link org.overbook.guest.WorkloadProvider}.
 */
module org.overbook.workloads {
    requires org.overbook.guest;
    requires org.apache.commons.rng.api;
    requires org.apache.commons.rng.sampling;
    requires org.eclipse.collections.api;
    requires org.eclipse.collections.impl;
    requires transitive HdrHistogram;

    exports org.overbook.workloads;
    // Live mode frames TCP byte streams into requests at its edge with the same codec the server uses.
    exports org.overbook.workloads.memcached.protocol to org.overbook.live;

    provides org.overbook.guest.WorkloadProvider with org.overbook.workloads.BuiltinWorkloads;
}
