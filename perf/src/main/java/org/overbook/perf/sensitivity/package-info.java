/**
 * {@code overbook sensitivity}: how much the headline figures move when each input the reference file marks as
 * Overbook's estimate is varied by ±50 %, one at a time, with replications; a table, a CSV and a tornado chart.
 */
package org.overbook.perf.sensitivity;
