package org.overbook.perf.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.overbook.guest.ConfigurationException;

/**
 * A sweep of the tenant count that leaves the client count behind: refused where a client's server is missing, with
 * the axis to write instead; warned of where servers are left without a client, since they add no throughput, with
 * how to say they are meant to be idle. Idle servers in counts the user wrote (no sweep of them) are no warning.
 */
class UnloadedServersTest {

    /** Four memcached tenants, each with a client of its own (targets s${index}); the sweep is appended. */
    private static final String CLIENT_PER_SERVER = """
            host: {memory: 256MiB, swap: 1GiB}
            tenants: {count: 4, template: {memory: 32MiB, workload: {name: memcached, params: {memory-limit: 16MiB}}}}
            clients: {count: 4, template: {memory: 16MiB, workload: {name: memaslap, params: {targets: "s${index}", window: 64}}}}
            """;

    private final ScenarioLoader loader = ScenarioLoader.standard();

    @Test
    void aMissingServerAtASweepPointSaysToSweepBothCountsAsOneAxis() {
        ConfigurationException e = assertThrows(ConfigurationException.class,
                () -> loader.parse(CLIENT_PER_SERVER + "sweep: {tenants.count: [2, 4, 6, 8]}", "my.yaml"));
        assertEquals("clients[2].workload.params.targets", e.field());
        assertTrue(e.getMessage().contains("no server tenant called 's2'"), e.getMessage());
        assertTrue(e.getMessage().endsWith("(at sweep point tenants.count=2); to give each server tenant a client of its own at every"
                + " point, sweep tenants.count and clients.count as one axis, \"tenants.count, clients.count\": [[2, 2], [4, 4], [6, 6]]"),
                e.getMessage());
    }

    @Test
    void aMissingServerWithoutSuchASweepGetsNoHint() {
        ConfigurationException e = assertThrows(ConfigurationException.class,
                () -> loader.parse(CLIENT_PER_SERVER + "sweep: {\"tenants.count, clients.count\": [[2, 3], [4, 4]]}", "my.yaml"));
        assertEquals("clients[2].workload.params.targets", e.field());
        assertTrue(e.getMessage().endsWith("(at sweep point tenants.count=2, clients.count=3)"), e.getMessage());
    }

    @Test
    void serversLeftWithoutAClientAreWarnedOfAtTheFirstPointThatHasThem() {
        ScenarioFile file = loader.parse(CLIENT_PER_SERVER + "sweep: {tenants.count: [4, 6, 8]}", "my.yaml");
        assertEquals(List.of("clients: no client connects to server tenants s4, s5 at sweep point tenants.count=6 (and at 1 more),"
                + " while clients load the other tenants of the same workload: unloaded, they take memory and serve no request;"
                + " to give each server tenant a client of its own at every point, sweep tenants.count and clients.count as one axis,"
                + " \"tenants.count, clients.count\": [[4, 4], [6, 6], [8, 8]]; if they are meant to be idle, say so with"
                + " clients.count as it is in that axis, [[4, 4], [6, 4], [8, 4]], and this warning goes"), file.warnings());
    }

    /** The way out the warning names: the same axis with the client count as it was, written at every point. */
    @Test
    void serversMeantToBeIdleAreNoWarningOnceTheAxisSaysSo() {
        assertEquals(List.of(), loader.parse(CLIENT_PER_SERVER + "sweep: {\"tenants.count, clients.count\": [[4, 4], [6, 4], [8, 4]]}",
                "my.yaml").warnings());
        assertEquals(List.of(), loader.parse(CLIENT_PER_SERVER + "sweep: {tenants.count: [4, 6], clients.count: [2, 4]}",
                "my.yaml").warnings(), "both counts swept, crossed: each point's counts are the user's");
    }

    @Test
    void aSweepOfClientsAloneNamesTheTenantCountToHold() {
        ScenarioFile file = loader.parse(CLIENT_PER_SERVER + "sweep: {clients.count: [2, 4]}", "my.yaml");
        assertEquals(1, file.warnings().size());
        String warning = file.warnings().getFirst();
        assertTrue(warning.startsWith("clients: no client connects to server tenants s2, s3 at sweep point clients.count=2,"), warning);
        assertTrue(warning.endsWith(" \"clients.count, tenants.count\": [[2, 2], [4, 4]]; if they are meant to be idle, say so with"
                + " tenants.count as it is in that axis, [[2, 4], [4, 4]], and this warning goes"), warning);
    }

    @Test
    void aTenantCountLinkedWithAnotherFieldKeepsThatFieldInTheAxisToWrite() {
        ScenarioFile file = loader.parse(CLIENT_PER_SERVER
                + "sweep: {\"nic.memory-policy, tenants.count\": [[pin-all, 4], [on-demand, 6]]}", "my.yaml");
        assertEquals(1, file.warnings().size());
        String warning = file.warnings().getFirst();
        assertTrue(warning.endsWith(" sweep tenants.count and clients.count as one axis,"
                + " \"nic.memory-policy, tenants.count, clients.count\": [[pin-all, 4, 4], [on-demand, 6, 6]]; if they are meant"
                + " to be idle, say so with clients.count as it is in that axis, [[pin-all, 4, 4], [on-demand, 6, 4]], and this"
                + " warning goes"), warning);
    }

    @Test
    void aSweepOfClientsAloneAddsTheTenantCount() {
        ConfigurationException e = assertThrows(ConfigurationException.class,
                () -> loader.parse(CLIENT_PER_SERVER + "sweep: {clients.count: [4, 6]}", "my.yaml"));
        assertTrue(e.getMessage().endsWith("(at sweep point clients.count=6); to give each server tenant a client of its own"
                + " at every point, sweep tenants.count and clients.count as one axis,"
                + " \"clients.count, tenants.count\": [[4, 4], [6, 6]]"), e.getMessage());
    }

    /** Counts no sweep varies are as the user wrote them: a fifth tenant without a client is there on purpose. */
    @Test
    void withoutASweepOfTheCountsAnIdleServerIsNoWarning() {
        String fiveTenants = CLIENT_PER_SERVER.replace("count: 4, template: {memory: 32MiB", "count: 5, template: {memory: 32MiB");
        assertEquals(List.of(), loader.parse(fiveTenants, "my.yaml").warnings());
        assertEquals(List.of(), loader.parse(fiveTenants + "sweep: {nic.memory-policy: [pin-all, on-demand]}", "my.yaml").warnings(),
                "a sweep of another field");
    }

    @Test
    void everyServerLoadedOrAnotherWorkloadIdleIsNoWarning() {
        assertEquals(List.of(), loader.parse(CLIENT_PER_SERVER + "sweep: {\"tenants.count, clients.count\": [[2, 2], [6, 6]]}",
                "my.yaml").warnings());
        assertEquals(List.of(), loader.parse("""
                host: {memory: 256MiB, swap: 1GiB}
                tenants:
                  - {name: s0, memory: 32MiB, workload: {name: memcached, params: {memory-limit: 16MiB}}}
                  - {name: toucher, memory: 32MiB, workload: {name: memory-toucher, params: {working-set: 8MiB}}}
                clients: {count: 1, template: {memory: 16MiB, workload: {name: memaslap, params: {targets: s0, window: 64}}}}
                """, "my.yaml").warnings(), "a tenant of a workload no client loads is there on purpose");
        assertEquals(List.of(), loader.parse("host: {memory: 256MiB, swap: 1GiB}\ntenants: {count: 3}", "my.yaml").warnings(),
                "servers without any client: a memory-only experiment");
    }
}
