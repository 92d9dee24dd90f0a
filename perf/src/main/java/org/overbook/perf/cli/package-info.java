/** The {@code overbook} command line (picocli): one class per verb. */
package org.overbook.perf.cli;
