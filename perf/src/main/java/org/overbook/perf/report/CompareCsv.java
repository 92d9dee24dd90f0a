package org.overbook.perf.report;

/**
 * {@code compare.csv}: every metric of every compared pair of points, a row per pair and metric (the pair named by
 * A's and B's point index, as in their {@code summary.csv}, and its sweep values without their fields), with A's
 * and B's value (the mean over replications when replicated), {@code B / A}, {@code B - A} and, where both sides
 * carry replications, Welch's p-value, whether it is below 0.05 and the 95 % confidence interval of {@code B - A};
 * an empty cell where a figure does not exist. Numbers are spelled as in {@code summary.csv} ({@link Columns#format}),
 * so the file is the same bytes for the same two folders.
 */
public final class CompareCsv {

    public static final String FILE = "compare.csv";

    private CompareCsv() {
    }

    static String csv(Comparison comparison) {
        StringBuilder out = new StringBuilder(
                "point_a,point_b,values,metric,a,b,ratio,difference,p_value,significant,ci95_low,ci95_high\n");
        for (Comparison.Pair pair : comparison.pairs()) {
            String point = pair.a().index() + "," + pair.b().index() + "," + Columns.csv(CompareReport.category(pair)) + ",";
            for (Comparison.Row row : pair.rows()) {
                Welch welch = row.welch();
                out.append(point).append(Columns.csv(row.metric())).append(',').append(Columns.format(row.a())).append(',')
                        .append(Columns.format(row.b())).append(',').append(Columns.format(row.ratio())).append(',')
                        .append(Columns.format(row.difference())).append(',');
                if (welch != null) {
                    out.append(Columns.format(welch.pValue())).append(',').append(welch.significant() ? 1 : 0).append(',')
                            .append(Columns.format(welch.low())).append(',').append(Columns.format(welch.high()));
                } else {
                    out.append(",,,");
                }
                out.append('\n');
            }
        }
        return out.toString();
    }
}
