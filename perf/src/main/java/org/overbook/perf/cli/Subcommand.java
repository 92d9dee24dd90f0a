package org.overbook.perf.cli;

/**
 * A verb that a module on the class path adds to the {@code overbook} command: live mode's {@code serve} and
 * {@code replay}, which live in a module that depends on this one. The implementing class is a picocli
 * {@code @Command} with a public no-argument constructor, named in
 * {@code META-INF/services/org.overbook.perf.cli.Subcommand}; {@link Overbook} finds it with {@link java.util.ServiceLoader}.
 */
public interface Subcommand {
}
