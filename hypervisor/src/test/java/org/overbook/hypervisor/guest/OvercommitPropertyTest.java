package org.overbook.hypervisor.guest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.random.RandomGenerator;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.overbook.guest.GuestMemory;
import org.overbook.hypervisor.Host;
import org.overbook.hypervisor.sim.RandomStreams;
import org.overbook.hypervisor.testing.HostsUnderTest;

/**
 * Random guest reads and writes across three tenants at 3x overcommit, with reclaim running and forced
 * swap-outs of one tenant's pages in between, always read back the last bytes written: checked against
 * plain byte arrays, one per tenant.
 */
class OvercommitPropertyTest {

    private static final int FRAMES = 32;
    private static final int TENANTS = 3;
    private static final int GUEST_PAGES = 32; // 3 x 32 pages over 32 frames
    private static final int GUEST_BYTES = GUEST_PAGES * GuestMemory.PAGE_SIZE;

    @Property(tries = 40, seed = "3")
    void everyReadReturnsTheLastBytesWritten(@ForAll @LongRange(min = 1) long seed) {
        Path directory = new HostsUnderTest().newDirectory();
        Host host = Host.create(HostsUnderTest.config(FRAMES, TENANTS * GUEST_PAGES, TENANTS, GUEST_PAGES, seed, directory));
        try {
            RandomGenerator random = new RandomStreams(seed).stream("property");
            byte[][] reference = new byte[TENANTS][GUEST_BYTES];
            for (int op = 0; op < 1_500; op++) {
                int tenant = random.nextInt(TENANTS);
                GuestMemory memory = host.tenant(tenant).memory();
                int length = random.nextInt(4) == 0 ? 1 + random.nextInt(3 * GuestMemory.PAGE_SIZE) : 1 + random.nextInt(16);
                int address = random.nextInt(GUEST_BYTES - length + 1);
                switch (random.nextInt(5)) {
                    case 0 -> {
                        byte[] data = new byte[length];
                        random.nextBytes(data);
                        memory.write(address, data, 0, length);
                        System.arraycopy(data, 0, reference[tenant], address, length);
                    }
                    case 1 -> {
                        int at = random.nextInt(GUEST_BYTES - Long.BYTES + 1);
                        long value = random.nextLong();
                        memory.writeLong(at, value);
                        for (int i = 0; i < Long.BYTES; i++) {
                            reference[tenant][at + i] = (byte) (value >>> (8 * i));
                        }
                    }
                    case 2 -> {
                        byte[] read = new byte[length];
                        memory.read(address, read, 0, length);
                        byte[] expected = java.util.Arrays.copyOfRange(reference[tenant], address, address + length);
                        assertArrayEquals(expected, read, "seed " + seed + ", op " + op + ", tenant " + tenant + ", address " + address);
                    }
                    case 3 -> {
                        int at = random.nextInt(GUEST_BYTES - Integer.BYTES + 1);
                        int expected = 0;
                        for (int i = 0; i < Integer.BYTES; i++) {
                            expected |= (reference[tenant][at + i] & 0xff) << (8 * i);
                        }
                        if (memory.readInt(at) != expected) {
                            throw new AssertionError("seed " + seed + ", op " + op + ": readInt(" + at + ") differs");
                        }
                    }
                    default -> host.memory().swapOut(host.tenant(tenant).table(), 1 + random.nextInt(8));
                }
            }
            assertTrue(host.memory().swapWrites() > 0, "seed " + seed + ": reclaim ran");
            for (int tenant = 0; tenant < TENANTS; tenant++) {
                byte[] all = new byte[GUEST_BYTES];
                host.tenant(tenant).memory().read(0, all, 0, GUEST_BYTES);
                assertArrayEquals(reference[tenant], all, "seed " + seed + ", final contents of tenant " + tenant);
            }
        } finally {
            HostsUnderTest.checkAndClose(host);
            HostsUnderTest.deleteTree(directory);
        }
    }
}
