/**
 * The {@code overbook} command line (picocli): one class per verb. {@code run} and {@code sweep} run the points
 * of a file on all cores; {@code show} and {@code compare} read results folders back without running anything.
 * A verb that writes a results folder holds it alone while it runs ({@link org.overbook.perf.cli.OutputOption}, so a
 * second process given the same {@code --out} is refused), and a verb stopped by Ctrl-C or SIGTERM ends with the one
 * line of {@link org.overbook.perf.cli.Interruption}.
 */
package org.overbook.perf.cli;
