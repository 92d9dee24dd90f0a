/**
 * The experiment API: what a program, a test harness or JShell uses to run Overbook experiments without
 * the command line. {@link org.overbook.perf.api.Experiments} is the entry point; a scenario comes from a
 * file, a YAML string or a {@link org.overbook.perf.api.ScenarioDraft}, its points are
 * {@link org.overbook.perf.scenario.SweepPoint}s, a run gives a {@link org.overbook.perf.run.RunResult}
 * (every metric per tenant and in total, as objects), and
 * {@link org.overbook.perf.api.Experiments#write} writes the same results folder the command line does.
 */
package org.overbook.perf.api;
