package org.overbook.nic.contract;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.overbook.hypervisor.HostConfig;
import org.overbook.hypervisor.TenantConfig;
import org.overbook.hypervisor.testing.HostsUnderTest;
import org.overbook.nic.LinkConfig;
import org.overbook.nic.NicConfig;
import org.overbook.nic.Testbed;

/** Builds small testbeds for tests and checks both hosts' memory and every VF's page table after. */
public final class TestbedFixtures {

    private TestbedFixtures() {
    }

    /** A host config: tenants named {@code prefix}0.. of {@code guestPages[i]} pages over {@code frames}. */
    public static HostConfig host(String prefix, int frames, int swapPages, int[] guestPages, Path directory) {
        HostConfig base = HostsUnderTest.config(frames, swapPages, 1, 1, 1, directory);
        List<TenantConfig> named = new ArrayList<>();
        for (int i = 0; i < guestPages.length; i++) {
            named.add(new TenantConfig(prefix + i, (long) guestPages[i] * 4096));
        }
        return new HostConfig(base.memoryBytes(), base.swapBytes(), base.reclaimLow(), base.reclaimHigh(), directory,
                false, 1, base.costs(), named);
    }

    public static Testbed create(HostConfig server, HostConfig client, NicConfig nic, LinkConfig link, long seed) {
        return Testbed.create(server, client, nic, link, seed);
    }

    /** Fails with every invariant violation of the testbed, then closes it. */
    public static void checkAndClose(Testbed testbed) {
        try {
            List<String> violations = testbed.checkInvariants();
            if (!violations.isEmpty()) {
                fail("testbed invariants violated:\n  " + String.join("\n  ", violations));
            }
        } finally {
            testbed.close();
        }
    }
}
