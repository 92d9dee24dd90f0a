/** Ballooning: the guest balloon driver, the host balloon manager and its allocation policies (a plug-in family). */
module org.overbook.balloon {
    requires transitive org.overbook.guest;
    requires transitive org.overbook.hypervisor;

    exports org.overbook.balloon;
    exports org.overbook.balloon.policy;

    uses org.overbook.balloon.policy.AllocationPolicyProvider;
    provides org.overbook.balloon.policy.AllocationPolicyProvider with org.overbook.balloon.policy.BuiltinAllocationPolicies;
}
