/**
 * Test fixtures shared by every module's tests (published as the hypervisor test-jar): hosts built
 * for a test and checked against the memory invariants after it, a memory-touching test workload, and a JVM
 * whose {@code Math} rounds otherwise, for the tests of figures that must be the same on every machine.
 */
package org.overbook.hypervisor.testing;
