/**
 * Scenario files: the YAML format, its one reference file of defaults, validation, sweep expansion,
 * and the builder that turns a resolved scenario into a running testbed.
 *
 * <p>Public: {@link org.overbook.perf.scenario.ScenarioLoader} (reads a file over the reference),
 * {@link org.overbook.perf.scenario.ScenarioFile} (a loaded, validated file and its sweep points),
 * {@link org.overbook.perf.scenario.Scenario} and its settings records (one resolved point, immutable
 * and comparable, so it can key a cache of results), and {@link org.overbook.perf.scenario.ScenarioBuilder}
 * with the {@link org.overbook.perf.scenario.Deployment} it builds. The YAML tree never leaves the
 * package: the readers turn it into typed records, and only a workload's {@code params} travel on as
 * a map, into {@link org.overbook.guest.WorkloadParameters}. Called by the runner, the command line
 * and the benchmarks of this module.
 */
package org.overbook.perf.scenario;
