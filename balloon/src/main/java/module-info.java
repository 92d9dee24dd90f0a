/** Ballooning: the guest balloon driver and the host balloon manager. */
module org.overbook.balloon {
    requires transitive org.overbook.guest;
    requires transitive org.overbook.hypervisor;

    exports org.overbook.balloon;
    exports org.overbook.balloon.policy;
}
