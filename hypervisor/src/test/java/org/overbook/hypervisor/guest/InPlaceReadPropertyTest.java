package org.overbook.hypervisor.guest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.random.RandomGenerator;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.overbook.guest.GuestMemory;
import org.overbook.hypervisor.Host;
import org.overbook.hypervisor.memory.SecondLevelTable;
import org.overbook.hypervisor.sim.RandomStreams;
import org.overbook.hypervisor.testing.HostsUnderTest;

/**
 * {@link GuestMemory#contentEquals} and {@link GuestMemory#touch} are reads: two hosts built alike and
 * driven by the same random operations, one reading ranges with {@link GuestMemory#read} and the other
 * comparing or touching the same ranges in place, end every step in the same state: the same faults and
 * fault stalls, the same frame, state and accessed and dirty bits for every page, the same swap traffic.
 * The comparisons answer what comparing the bytes read would. At 3x overcommit with forced swap-outs and
 * cleared accessed bits, so ranges cross resident, swapped and never-touched pages.
 */
class InPlaceReadPropertyTest {

    private static final int FRAMES = 24;
    private static final int TENANTS = 3;
    private static final int GUEST_PAGES = 24;
    private static final int GUEST_BYTES = GUEST_PAGES * GuestMemory.PAGE_SIZE;

    @Property(tries = 15, seed = "5")
    void comparingOrTouchingInPlaceHasTheSideEffectsOfARead(@ForAll @LongRange(min = 1) long seed) {
        HostsUnderTest hosts = new HostsUnderTest();
        Path directoryA = hosts.newDirectory();
        Path directoryB = hosts.newDirectory();
        Host reading = Host.create(HostsUnderTest.config(FRAMES, TENANTS * GUEST_PAGES, TENANTS, GUEST_PAGES, seed, directoryA));
        Host inPlace = Host.create(HostsUnderTest.config(FRAMES, TENANTS * GUEST_PAGES, TENANTS, GUEST_PAGES, seed, directoryB));
        try {
            RandomGenerator random = new RandomStreams(seed).stream("in-place");
            int compared = 0;
            for (int op = 0; op < 1_200; op++) {
                int tenant = random.nextInt(TENANTS);
                GuestMemory a = reading.tenant(tenant).memory();
                GuestMemory b = inPlace.tenant(tenant).memory();
                int length = random.nextInt(3) == 0 ? 1 + random.nextInt(2 * GuestMemory.PAGE_SIZE) : 1 + random.nextInt(300);
                int address = random.nextInt(GUEST_BYTES - length + 1);
                switch (random.nextInt(6)) {
                    case 0 -> {
                        byte[] data = new byte[length];
                        random.nextBytes(data);
                        a.write(address, data, 0, length);
                        b.write(address, data, 0, length);
                    }
                    case 1, 2 -> {
                        byte[] read = new byte[length];
                        a.read(address, read, 0, length);
                        byte[] expected = new byte[length + 3];
                        System.arraycopy(read, 0, expected, 3, length);
                        if (random.nextBoolean()) {
                            expected[3 + random.nextInt(length)] ^= (byte) (1 + random.nextInt(255));
                        }
                        boolean equal = Arrays.equals(read, 0, length, expected, 3, 3 + length);
                        assertEquals(equal, b.contentEquals(address, expected, 3, length), () -> "seed " + seed + ": contentEquals at " + address + ", " + length + " bytes");
                        compared++;
                    }
                    case 3 -> {
                        a.read(address, new byte[length], 0, length);
                        b.touch(address, length);
                    }
                    case 4 -> {
                        int page = random.nextInt(GUEST_PAGES);
                        reading.memory().testAndClearAccessed(reading.tenant(tenant).table(), page);
                        inPlace.memory().testAndClearAccessed(inPlace.tenant(tenant).table(), page);
                    }
                    default -> {
                        int pages = 1 + random.nextInt(6);
                        reading.memory().swapOut(reading.tenant(tenant).table(), pages);
                        inPlace.memory().swapOut(inPlace.tenant(tenant).table(), pages);
                    }
                }
                assertSameState(reading, inPlace, "seed " + seed + ", op " + op);
            }
            assertEquals(true, compared > 0 && reading.memory().swapReads() > 0, "seed " + seed + ": compared across swapped pages");
        } finally {
            HostsUnderTest.checkAndClose(reading);
            HostsUnderTest.checkAndClose(inPlace);
            HostsUnderTest.deleteTree(directoryA);
            HostsUnderTest.deleteTree(directoryB);
        }
    }

    private static void assertSameState(Host a, Host b, String where) {
        long[] stateA = state(a);
        long[] stateB = state(b);
        if (!Arrays.equals(stateA, stateB)) {
            int i = Arrays.mismatch(stateA, stateB);
            fail(where + ": hosts differ at " + describe(i) + ": " + stateA[i] + " after reads, " + stateB[i] + " in place");
        }
    }

    /** Free frames, swap reads and writes; per tenant its faults and stall; per page its state, frame and bits. */
    private static long[] state(Host host) {
        long[] state = new long[3 + TENANTS * (3 + GUEST_PAGES * 5)];
        int i = 0;
        state[i++] = host.memory().freeFrames();
        state[i++] = host.memory().swapReads();
        state[i++] = host.memory().swapWrites();
        for (int t = 0; t < TENANTS; t++) {
            TenantMemory memory = (TenantMemory) host.tenant(t).memory();
            state[i++] = memory.minorFaults();
            state[i++] = memory.majorFaults();
            state[i++] = memory.faultStallNanos();
            SecondLevelTable table = host.tenant(t).table();
            for (int page = 0; page < GUEST_PAGES; page++) {
                state[i++] = table.state(page).ordinal();
                state[i++] = table.frame(page);
                state[i++] = table.isAccessed(page) ? 1 : 0;
                state[i++] = table.isDirty(page) ? 1 : 0;
                state[i++] = table.hasSwapCopy(page) ? 1 : 0;
            }
        }
        return state;
    }

    private static String describe(int index) {
        String[] host = {"free frames", "swap reads", "swap writes"};
        if (index < 3) {
            return host[index];
        }
        int perTenant = 3 + GUEST_PAGES * 5;
        int tenant = (index - 3) / perTenant;
        int within = (index - 3) % perTenant;
        if (within < 3) {
            return "tenant " + tenant + " " + new String[] {"minor faults", "major faults", "fault stall"}[within];
        }
        String[] page = {"state", "frame", "accessed bit", "dirty bit", "swap copy"};
        return "tenant " + tenant + " page " + (within - 3) / 5 + " " + page[(within - 3) % 5];
    }
}
