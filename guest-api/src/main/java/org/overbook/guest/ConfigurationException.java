package org.overbook.guest;

/**
 * A configuration that cannot run, naming the field at fault, the value it had and what is accepted.
 *
 * <p>Field paths read like the scenario file: {@code host.memory}, {@code tenants[2].workload}.
 *
 * <p>The message is one readable line whatever was given ({@link Quoted#line}): a whole number of more than 40 digits
 * reads {@code 9999…9999 (500 digits)}, and a word of more than 120 characters (a path, a pasted name) keeps its ends and
 * says its length. {@link #field()} and {@link #problem()} keep them whole.
 */
public final class ConfigurationException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String field;
    private final String problem;

    /**
     * @param field   the scenario path of the field at fault, as the file writes it ({@code tenants[0].workload.params.size});
     *                from a workload's factory, {@code parameters.field("size")}
     * @param problem what is wrong and what is accepted ({@code "0 is out of range; accepted: 1 to 64"})
     */
    public ConfigurationException(String field, String problem) {
        super(Quoted.line(field + ": " + problem));
        this.field = field;
        this.problem = problem;
    }

    /** Returns the path of the field at fault. */
    public String field() {
        return field;
    }

    /** Returns what is wrong with it, without the field's path: the message is {@code field: problem}. */
    public String problem() {
        return problem;
    }
}
