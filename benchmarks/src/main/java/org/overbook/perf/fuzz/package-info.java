/**
 * A whole-model random-scenario check: {@link org.overbook.perf.fuzz.ScenarioGenerator} draws small scenarios over the
 * mechanism space (memory and receive-fault policies, NIC TLB shapes, ballooning, swap devices, CPU overcommit, every
 * built-in workload) from a seed, {@link org.overbook.perf.fuzz.FuzzRunner} runs each through the same entry points a
 * user's file goes through (parse, check, run one point) twice, and {@link org.overbook.perf.fuzz.ResultInvariants}
 * checks what every result must satisfy. The probe {@code ScenarioFuzzProbe} runs a campaign from the command line;
 * a test of this module runs a few dozen cases under a fixed seed.
 */
package org.overbook.perf.fuzz;
