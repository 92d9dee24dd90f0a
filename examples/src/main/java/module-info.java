/**
 * An example of a user's own workload: it needs the guest API and nothing else, and offers its
 * workloads to Overbook through a {@link org.overbook.guest.WorkloadProvider} (here as a module's
 * {@code provides}, and in {@code META-INF/services} for the class path).
 */
module org.overbook.examples {
    requires org.overbook.guest;

    exports org.overbook.examples;

    provides org.overbook.guest.WorkloadProvider with org.overbook.examples.ExampleWorkloads;
}
