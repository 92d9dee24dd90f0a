package org.overbook.hypervisor.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class EventHeapTest {

    @Test
    void aReplacedRootWithoutChildrenStaysAtTheRootEvenAtTheEndOfTime() {
        EventHeap heap = new EventHeap();
        heap.addNewest(10, 1);
        heap.replaceRootWithNewest(Long.MAX_VALUE, 2);
        assertEquals(1, heap.size());
        assertEquals(Long.MAX_VALUE, heap.peekTime());
        assertEquals(2, heap.peekOrder());
    }

    @Test
    void aReplacedRootTiedWithAChildGoesBehindIt() {
        EventHeap heap = new EventHeap();
        heap.addNewest(10, 1);
        heap.addNewest(20, 2);
        heap.addNewest(30, 3);
        heap.replaceRootWithNewest(20, 4);
        assertEquals(20, heap.peekTime());
        assertEquals(2, heap.peekOrder());
        heap.removeRoot();
        assertEquals(20, heap.peekTime());
        assertEquals(4, heap.peekOrder());
        heap.removeRoot();
        assertEquals(30, heap.peekTime());
    }
}
