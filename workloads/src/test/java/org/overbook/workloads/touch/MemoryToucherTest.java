package org.overbook.workloads.touch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.Workload;
import org.overbook.guest.WorkloadMetrics;
import org.overbook.guest.WorkloadParameters;
import org.overbook.guest.WorkloadRegistry;
import org.overbook.hypervisor.Host;
import org.overbook.hypervisor.Tenant;
import org.overbook.hypervisor.testing.HostsUnderTest;

class MemoryToucherTest {

    @RegisterExtension
    final HostsUnderTest hosts = new HostsUnderTest();

    private final WorkloadRegistry registry = WorkloadRegistry.discover();

    private static Map<String, Number> metrics(Workload workload) {
        return WorkloadMetrics.collect(workload::report);
    }

    @Test
    void isFoundByNameAndKeepsEveryStampUnderOvercommit() {
        Host host = hosts.create(/* frames= */ 64, /* swapPages= */ 256, /* tenants= */ 3, /* guestPages= */ 64, 5);
        Workload[] workloads = new Workload[3];
        for (Tenant tenant : host.tenants()) {
            workloads[tenant.id()] = registry.create("tenants[" + tenant.id() + "].workload", MemoryToucher.NAME,
                    new WorkloadParameters("p", Map.of("working-set", "240KiB", "hot-fraction", 0.25, "think", "1us")));
            tenant.boot(workloads[tenant.id()]);
        }
        host.simulation().runUntil(20_000_000);
        for (Tenant tenant : host.tenants()) {
            Map<String, Number> m = metrics(workloads[tenant.id()]);
            // 20 ms at 1 us think time is at most 20,000 accesses; a major fault stalls 60 us, so with a
            // third of the pages cold and outside RAM the tenant lands well below that, but far above zero.
            assertTrue(m.get("accesses").longValue() > 1_000, "tenant " + tenant.name() + " ran: " + m);
            assertEquals(0L, m.get("mismatches"), "tenant " + tenant.name());
            assertTrue(tenant.cpuMajorFaults() > 0, "3x overcommit makes the cold pages fault");
        }
    }

    @Test
    void aCorruptedPageIsCaughtAsAMismatch() {
        Host host = hosts.create(64, 64, 1, 32, 5);
        Workload workload = registry.create("w", MemoryToucher.NAME,
                new WorkloadParameters("p", Map.of("working-set", "16KiB", "write-ratio", 1.0, "think", "1us")));
        Tenant tenant = host.tenant(0);
        tenant.boot(workload);
        host.simulation().runUntil(100_000);
        // Flip a byte of every page's stamp behind the workload's back, as a wrong DMA would.
        for (int page = 0; page < 4; page++) {
            long address = (long) page * 4096;
            tenant.memory().writeByte(address, (byte) (tenant.memory().readByte(address) ^ 0x40));
        }
        host.simulation().runUntil(200_000);
        assertTrue(metrics(workload).get("mismatches").longValue() > 0);
    }

    @Test
    void badParametersNameTheirField() {
        ConfigurationException e = assertThrows(ConfigurationException.class, () -> registry.create("w", MemoryToucher.NAME,
                new WorkloadParameters("tenants[0].workload.params", Map.of("hot-fraction", 2.0))));
        assertEquals("tenants[0].workload.params.hot-fraction", e.field());
    }
}
