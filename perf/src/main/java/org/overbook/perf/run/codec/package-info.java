/**
 * A run's result as bytes and back ({@link org.overbook.perf.run.codec.ResultCodec}): deflated, exact (doubles by their
 * bits, histograms in HdrHistogram's own encoding) and checked by a CRC-32, so that what is read back is equal to what
 * was computed or is refused ({@link org.overbook.perf.run.codec.UnreadableResultException}). A cluster's tasks return
 * results to the driver in this form, and every command that takes {@code --resume} ({@code run}, {@code sweep},
 * {@code density}, {@code reproduce}, {@code sensitivity}) stores each finished simulation's in it.
 */
package org.overbook.perf.run.codec;
