/**
 * Live mode's verbs, added to the {@code overbook} command through {@link org.overbook.perf.cli.Subcommand}:
 * {@code serve} and {@code replay}.
 */
package org.overbook.live.cli;
