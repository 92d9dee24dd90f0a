/**
 * A run's result as bytes and back ({@link org.overbook.perf.run.codec.ResultCodec}): deflated, exact (doubles by their
 * bits, histograms in HdrHistogram's own encoding) and checked by a CRC-32, so that what is read back is equal to what
 * was computed or is refused ({@link org.overbook.perf.run.codec.UnreadableResultException}). A cluster's tasks return
 * results to the driver in this form, and {@code run} and {@code sweep} store each finished point's in it for
 * {@code --resume}.
 */
package org.overbook.perf.run.codec;
