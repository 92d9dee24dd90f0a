package org.overbook.hypervisor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.overbook.hypervisor.testing.HostsUnderTest;

/** The hooks a balloon manager uses on a tenant. */
class TenantHooksTest {

    @RegisterExtension
    final HostsUnderTest hosts = new HostsUnderTest();

    @Test
    void aDescheduledTenantStartsNothingUntilTheBlockEnds() {
        Host host = hosts.create(/* frames= */ 16, /* swapPages= */ 16, /* tenants= */ 2, /* guestPages= */ 8, 1);
        Tenant blocked = host.tenant(0);
        Tenant other = host.tenant(1);
        List<String> log = new ArrayList<>();
        host.simulation().schedule(1_000, () -> blocked.deschedule(50_000));
        host.simulation().schedule(2_000, () -> {
            blocked.vcpu().submit(() -> log.add("blocked tenant at " + blocked.vcpu().now()));
            other.vcpu().submit(() -> log.add("other tenant at " + other.vcpu().now()));
        });
        host.simulation().run();
        assertEquals(List.of("other tenant at 2000", "blocked tenant at 51000"), log);
        assertEquals(50_000, blocked.descheduledNanos());
        assertEquals(0, other.descheduledNanos());
    }
}
