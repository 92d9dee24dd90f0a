/**
 * The memory toucher: a workload that does nothing but touch its memory with a hot/cold skew and
 * check what it reads, the simplest way to put a host under memory pressure.
 */
package org.overbook.workloads.touch;
