/**
 * Runs the points of {@code sweep}, {@code density}, {@code reproduce} and {@code sensitivity} as Apache Spark tasks when a command is
 * given {@code --master}: {@link org.overbook.cluster.SparkConnector} is the service the command looks up, and
 * {@link org.overbook.cluster.SparkPointExecutor} submits each point as a one-task job whose task parses the
 * point's resolved scenario, runs one simulation single-threaded and returns its result in a compact form
 * ({@link org.overbook.perf.run.codec.ResultCodec}); the driver alone writes results.
 *
 * <p>Not a Java module: Spark and Scala are not modular, so this module runs on the class path, as Spark's own
 * launcher runs everything.
 */
package org.overbook.cluster;
