package org.overbook.hypervisor.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A page's DMA lock count shares its entry with the frame, bits and state: each keeps to its own bits. */
class SecondLevelTableTest {

    @Test
    void lockCountSurvivesEveryChangeOfFrameBitsAndState() {
        SecondLevelTable table = new SecondLevelTable(3, 4);
        table.map(1, 0x7FFF_FFFE, SecondLevelTable.ACCESSED);
        table.lock(1);
        table.lock(1);
        assertEquals(2, table.lockCount(1));
        assertEquals(0, table.lockCount(0));
        assertEquals(0x7FFF_FFFE, table.frame(1));
        assertEquals(PageState.RESIDENT, table.state(1));
        assertFalse(table.reclaimable(1));

        table.setBits(1, (byte) (SecondLevelTable.DIRTY | SecondLevelTable.SWAP_COPY));
        table.clearAccessed(1);
        assertEquals(0x7FFF_FFFE, table.touch(1, /* write= */ true));
        assertTrue(table.isAccessed(1) && table.isDirty(1) && table.hasSwapCopy(1));
        table.map(1, 5, (byte) 0);
        assertEquals(2, table.lockCount(1));
        assertEquals(5, table.frame(1));

        table.unlock(1);
        table.unlock(1);
        assertEquals(0, table.lockCount(1));
        assertTrue(table.reclaimable(1));
        table.unmapToSwap(1);
        assertEquals(PageState.SWAPPED, table.state(1));
        assertEquals(-1, table.frame(1));
    }

    @Test
    void theLockCountIsBoundedByItsSixteenBits() {
        SecondLevelTable table = new SecondLevelTable(0, 1);
        table.map(0, 9, (byte) 0);
        for (int i = 0; i < 0xFFFF; i++) {
            table.lock(0);
        }
        assertEquals(0xFFFF, table.lockCount(0));
        assertThrows(IllegalStateException.class, () -> table.lock(0));
        assertEquals(0xFFFF, table.lockCount(0));
        assertEquals(9, table.frame(0));
        assertEquals(PageState.RESIDENT, table.state(0));
    }
}
