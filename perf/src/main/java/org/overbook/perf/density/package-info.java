/**
 * {@code overbook density}: the most tenants a host holds while every tenant meets a service-level
 * objective, found by a doubling-then-bisection search over {@code tenants.count}.
 *
 * <p>{@link org.overbook.perf.density.DensityExperiment} is the entry point: it reads the tenant axis of a
 * scenario file, runs the search through a {@link org.overbook.perf.run.PointCache} and returns the
 * {@link org.overbook.perf.density.DensityCurve}. The objective ({@link org.overbook.perf.density.Objective}),
 * the search state ({@link org.overbook.perf.density.Bracket}) and the curve's points are public for the
 * command line and the report writer; the search driver and the axis are internal.
 */
package org.overbook.perf.density;
