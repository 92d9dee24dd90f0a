/**
 * What a guest workload sees of Overbook: its memory, its vCPU and clock, its own random stream,
 * and the registry through which a scenario finds a workload by name. Depends on the JDK alone, so a
 * user's workload compiles against this module and nothing else.
 */
module org.overbook.guest {
    exports org.overbook.guest;
    exports org.overbook.guest.verbs;

    uses org.overbook.guest.WorkloadProvider;
}
