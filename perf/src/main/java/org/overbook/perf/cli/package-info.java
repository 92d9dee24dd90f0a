/**
 * The {@code overbook} command line (picocli): one class per verb. {@code run} and {@code sweep} run the points
 * of a file on all cores; {@code show} and {@code compare} read results folders back without running anything.
 */
package org.overbook.perf.cli;
