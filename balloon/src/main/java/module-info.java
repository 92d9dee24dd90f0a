/** Ballooning: the guest balloon driver and the host balloon manager. */
module org.overbook.balloon {
    requires transitive org.overbook.guest;
    requires transitive org.overbook.hypervisor;

    // org.overbook.balloon is exported once it holds its first class (the ballooning issue).
}
