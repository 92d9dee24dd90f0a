/** Experiments on the model: the command line, the runner and its reports, and the JMH benchmarks. */
package org.overbook.perf;
