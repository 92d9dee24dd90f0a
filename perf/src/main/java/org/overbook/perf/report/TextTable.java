package org.overbook.perf.report;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A table for the terminal whose every column is as wide as its widest cell, header included, so that a cell of any
 * length (a sweep point's label, a figure's name) widens its own column instead of pushing the cells after it out of
 * line. Text columns are aligned left, number columns right; a line carries no trailing blanks.
 */
public final class TextTable {

    private final String gap;
    private final boolean[] rightAligned;
    private final List<String[]> rows = new ArrayList<>();

    /**
     * @param gap          what separates two columns
     * @param rightAligned for each column, whether its cells are aligned right (numbers) rather than left (text)
     */
    public TextTable(String gap, boolean... rightAligned) {
        this.gap = gap;
        this.rightAligned = rightAligned.clone();
    }

    /**
     * Adds a row, the header first.
     *
     * @throws IllegalArgumentException unless it has a cell for every column
     */
    public TextTable row(String... cells) {
        if (cells.length != rightAligned.length) {
            throw new IllegalArgumentException("a row of " + cells.length + " cells in a table of " + rightAligned.length
                    + " columns: " + Arrays.toString(cells));
        }
        rows.add(cells.clone());
        return this;
    }

    /** Returns the table's lines, one per row, in the order the rows were added. */
    public List<String> lines() {
        int[] widths = new int[rightAligned.length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        List<String> lines = new ArrayList<>(rows.size());
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                String padding = " ".repeat(widths[i] - row[i].length());
                line.append(i == 0 ? "" : gap).append(rightAligned[i] ? padding + row[i] : row[i] + padding);
            }
            lines.add(line.toString().stripTrailing());
        }
        return lines;
    }

    /** Prints {@link #lines()}, each on a line of its own. */
    public void print(PrintWriter out) {
        lines().forEach(out::println);
    }
}
