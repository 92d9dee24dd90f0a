/**
 * Test fixtures shared by every module's tests (published as the hypervisor test-jar): hosts built
 * for a test and checked against the memory invariants after it, and a memory-touching test workload.
 */
package org.overbook.hypervisor.testing;
