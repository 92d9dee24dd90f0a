package org.overbook.perf.sensitivity;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the inputs the reference file marks as estimates, so that marking one there is all it takes to vary it:
 * a field whose comment ends in {@value #MARK}, and a comment {@code (Overbook's estimate: WORKLOAD PARAM VALUE)}
 * for a workload's parameter (memcached's {@code request-cost}), whose default lives in the workload.
 */
public final class Estimates {

    /** How the reference file marks a field's value as Overbook's estimate. */
    static final String MARK = "(Overbook's estimate)";
    private static final Pattern PARAMETER = Pattern.compile("\\(Overbook's estimate: ([a-z0-9-]+) ([a-z0-9-]+) (\\S+)\\)");
    private static final Pattern KEY = Pattern.compile("^( *)([A-Za-z0-9_-]+):(.*)$");

    private Estimates() {
    }

    /** Returns every estimate of {@code reference} (the reference file's text), in file order. */
    public static List<Estimate> of(String reference) {
        List<Estimate> out = new ArrayList<>();
        Deque<String[]> parents = new ArrayDeque<>(); // {indent, key}
        StringBuilder comment = new StringBuilder();
        for (String line : reference.split("\n")) {
            String stripped = line.strip();
            if (stripped.startsWith("#")) {
                comment.append(stripped).append(' ');
                Matcher parameter = PARAMETER.matcher(stripped);
                if (parameter.find()) {
                    out.add(Estimate.parameter(parameter.group(1), parameter.group(2), parameter.group(3)));
                }
                continue;
            }
            Matcher key = KEY.matcher(line);
            if (!key.matches()) {
                comment.setLength(0);
                continue;
            }
            int indent = key.group(1).length();
            while (!parents.isEmpty() && Integer.parseInt(parents.peek()[0]) >= indent) {
                parents.pop();
            }
            String value = key.group(3).strip();
            if (comment.toString().contains(MARK) && !value.isEmpty()) {
                List<String> path = new ArrayList<>();
                parents.descendingIterator().forEachRemaining(p -> path.add(p[1]));
                path.add(key.group(2));
                out.add(Estimate.field(String.join(".", path), value));
            }
            parents.push(new String[] {String.valueOf(indent), key.group(2)});
            comment.setLength(0);
        }
        return out;
    }
}
