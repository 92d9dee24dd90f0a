/**
 * What a user of Overbook writes, each piece against the narrowest interface it needs:
 * {@link org.overbook.examples.CacheAsideClient}, a look-aside cache client whose hot keys drift (a
 * workload, against the guest API alone, registered by {@link org.overbook.examples.ExampleWorkloads};
 * the README's "Write your own workload" walks through it); one policy of every pluggable family
 * ({@link org.overbook.examples.PinHeadPolicy}, {@link org.overbook.examples.RingOrNackReceivePolicy},
 * {@link org.overbook.examples.MruTlbReplacement}, {@link org.overbook.examples.HalvesTlbPartition},
 * {@link org.overbook.examples.EqualSharesBalloonPolicy}, {@link org.overbook.examples.FifoVictimSelection},
 * {@link org.overbook.examples.StripedNvmeSwapDevice};
 * docs/PLUGINS.md walks through them), and {@link org.overbook.examples.SampledVictimSelection}, a policy that reads a
 * parameter from the scenario and draws from the seeded generator it is handed; and {@link org.overbook.examples.OvercommitFigure}, a program
 * that runs a scenario through the experiment API.
 */
package org.overbook.examples;
