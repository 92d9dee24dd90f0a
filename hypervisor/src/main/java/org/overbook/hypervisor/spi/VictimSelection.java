package org.overbook.hypervisor.spi;

/** Makes a host's {@link VictimSelector}; usually a constructor reference. */
@FunctionalInterface
public interface VictimSelection {

    /** Returns a selector over {@code frames}, the host's RAM. */
    VictimSelector create(FrameView frames);
}
