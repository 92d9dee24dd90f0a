/**
 * {@code overbook sensitivity}: how much the headline figures move when each input the reference file marks as
 * Overbook's estimate is varied by ±50 %, one at a time, with replications; a table, a CSV and a tornado chart, which
 * {@link org.overbook.perf.sensitivity.SensitivityWriter} can write as the {@link org.overbook.perf.sensitivity.Study}
 * goes, a variant at a time.
 */
package org.overbook.perf.sensitivity;
