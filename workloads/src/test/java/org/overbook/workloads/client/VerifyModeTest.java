package org.overbook.workloads.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.Workload;
import org.overbook.guest.WorkloadParameters;
import org.overbook.guest.WorkloadRegistry;
import org.overbook.nic.NicConfig;
import org.overbook.nic.Testbed;
import org.overbook.workloads.load.ValueBytes;
import org.overbook.workloads.server.MemcachedServer;
import org.overbook.workloads.testing.Testbeds;

/**
 * Verify mode catches corruption it did not cause: after the load, the test finds where one key's
 * value lives in the server tenant's guest memory (by scanning for its bytes) and flips one byte there,
 * as a wrong DMA would; the client, reading only from then on, reports mismatches. Without
 * the flip, or with verify off, it reports none.
 */
class VerifyModeTest {

    private static final long SEED = 5;
    private static final int VALUE = 1024;
    private static final long KEY = 3;

    @ParameterizedTest(name = "flip {0}, verify {1}: mismatches {2}")
    @CsvSource({"true, true, true", "false, true, false", "true, false, false"})
    void aFlippedByteInServerMemoryIsAMismatch(boolean flip, boolean verify, boolean expectMismatches) {
        try (Testbeds testbeds = Testbeds.create(/* serverFrames= */ 1024, new int[] {1024}, new int[] {128},
                NicConfig.of("on-demand"), SEED)) {
            Testbed testbed = testbeds.testbed();
            WorkloadRegistry registry = WorkloadRegistry.discover();
            testbed.server().tenant(0).boot(registry.create("s", MemcachedServer.NAME, new WorkloadParameters("s",
                    Map.of("memory-limit", "1MiB", "item-size-max", "64KiB", "hash-power", 6))));
            Map<String, Object> p = new HashMap<>();
            p.put("target", "s0");
            p.put("concurrency", 2);
            p.put("window", 8);
            p.put("get-proportion", 1.0);
            p.put("duration", "10ms");
            p.put("verify", verify);
            Workload client = registry.create("c", LoadGenerator.MEMASLAP, new WorkloadParameters("c", p));
            testbed.client().tenant(0).boot(client);

            // The first requests fault on the server's fresh receive buffers and wait out an RNR timer
            // (1.28 ms); the 16 keys are loaded well within 5 ms, and measuring goes on until about 12 ms.
            testbed.simulation().runUntil(5_000_000);
            assertEquals(16L, Testbeds.metrics(client).get("loaded_keys"), "seed " + SEED);
            if (flip) {
                // The value is in its slab chunk, and copies may sit in receive and reply buffers: flip them all.
                GuestMemory memory = testbed.server().tenant(0).memory();
                List<Long> places = find(memory, ValueBytes.of(KEY, /* version= */ 1, VALUE));
                assertFalse(places.isEmpty(), "seed " + SEED + ": key " + KEY + "'s value is in the server's guest memory");
                for (long at : places) {
                    memory.writeByte(at + VALUE / 2, (byte) (memory.readByte(at + VALUE / 2) ^ 0x10));
                }
            }
            testbeds.run();

            Map<String, Number> m = Testbeds.metrics(client);
            assertEquals(1L, m.get("finished"), "seed " + SEED + ": " + m);
            assertTrue(m.get("requests").longValue() > 100, "seed " + SEED + ": " + m);
            if (expectMismatches) {
                assertTrue(m.get("mismatches").longValue() > 0, "seed " + SEED + ": the flipped byte was seen: " + m);
                assertEquals(m.get("mismatches"), m.get("corrupt"), "seed " + SEED + ": reported as corrupt, not stale: " + m);
            } else {
                assertEquals(0L, m.get("mismatches"), "seed " + SEED + ": " + m);
            }
        }
    }

    /** Returns every guest address where {@code value} starts. */
    private static List<Long> find(GuestMemory memory, byte[] value) {
        List<Long> found = new ArrayList<>();
        byte[] page = new byte[GuestMemory.PAGE_SIZE + value.length];
        for (long base = 0; base + GuestMemory.PAGE_SIZE <= memory.size(); base += GuestMemory.PAGE_SIZE) {
            int length = (int) Math.min(page.length, memory.size() - base);
            memory.read(base, page, 0, length);
            for (int i = 0; i < GuestMemory.PAGE_SIZE && i + value.length <= length; i++) {
                if (page[i] == value[0] && Arrays.equals(page, i, i + value.length, value, 0, value.length)) {
                    found.add(base + i);
                }
            }
        }
        return found;
    }
}
